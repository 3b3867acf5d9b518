//! One deal's calls as they are said: what the deal is worth, what each player may say (raise,
//! banco, accept, refuse), and a refusal's value (`truc.raise.*`).

use super::calls::{Call, CallKind, Options};
use crate::i18n::msg;
use crate::i18n::{Arg, Msg};

/// A raise waiting for an answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Proposal {
    pub by: usize,
    /// The value if accepted.
    pub value: i64,
    /// The value standing before it: what the proposer scores if refused.
    pub before: i64,
    pub banco: bool,
}

/// The live state of one deal's calls: what the deal is worth and what each player may say.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Deal {
    options: Options,
    scores: [i64; 2],
    value: i64,
    pending: Option<Proposal>,
    refused: Option<Proposal>,
}

impl Deal {
    /// A deal starting at value 1 with the manche's scores before it.
    pub fn new(options: &Options, scores: [i64; 2]) -> Deal {
        Deal {
            options: options.clone(),
            scores,
            value: 1,
            pending: None,
            refused: None,
        }
    }

    /// The accepted value (a pending proposal not counted).
    pub fn value(&self) -> i64 {
        self.value
    }

    pub fn pending(&self) -> Option<Proposal> {
        self.pending
    }

    /// The refused proposal, when a refusal ended the deal.
    pub fn refused(&self) -> Option<Proposal> {
        self.refused
    }

    /// The value standing when `p` speaks: a pending proposal of the other player counts as
    /// accepted if `p` raises over it.
    fn base_for(&self, p: usize) -> i64 {
        match self.pending {
            Some(pr) if pr.by != p => pr.value,
            _ => self.value,
        }
    }

    /// What `p` may raise to, and whether it is a banco; `Err` says why `p` may not raise.
    pub fn raise_for(&self, p: usize) -> Result<(CallKind, i64), Msg> {
        if self.refused.is_some() {
            return Err(Msg::new("truc.err.deal_over"));
        }
        if let Some(pr) = self.pending.filter(|pr| pr.by == p) {
            return Err(msg!("truc.err.own_pending", value = pr.value));
        }
        let base = self.base_for(p);
        let raised = self.options.raised(base);
        let target = self.options.target;
        if self.scores[p].saturating_add(raised) <= target {
            return Ok((CallKind::Double, raised));
        }
        let banco = target - self.scores[p];
        if banco > base {
            Ok((CallKind::Banco, banco))
        } else {
            Err(msg!(
                "truc.err.no_raise_left",
                value = base,
                score = self.scores[p],
                target = target
            ))
        }
    }

    /// A banco `p` may say in answer to the other's banco, even where a double would be allowed.
    fn answer_banco(&self, p: usize) -> Option<i64> {
        let pr = self.pending.filter(|pr| pr.by != p && pr.banco)?;
        let banco = self.options.target - self.scores[p];
        (banco > pr.value).then_some(banco)
    }

    /// The calls `p` may make now, with the value each would propose (0 for answers).
    pub fn allowed(&self, p: usize) -> Vec<(CallKind, i64)> {
        let mut out = Vec::new();
        if self.refused.is_some() {
            return out;
        }
        if let Ok(r) = self.raise_for(p) {
            out.push(r);
        }
        if let Some(b) = self.answer_banco(p)
            && !out.iter().any(|(k, _)| *k == CallKind::Banco)
        {
            out.push((CallKind::Banco, b));
        }
        if self.pending.is_some_and(|pr| pr.by != p) {
            out.push((CallKind::Accept, 0));
            out.push((CallKind::Refuse, 0));
        }
        out
    }

    /// Applies one call, or says why it breaks the rules.
    pub fn apply(&mut self, call: Call) -> Result<(), Msg> {
        let p = call.by;
        if self.refused.is_some() {
            return Err(Msg::new("truc.err.deal_over"));
        }
        match call.call {
            CallKind::Accept | CallKind::Refuse => {
                let Some(pr) = self.pending.filter(|pr| pr.by != p) else {
                    return Err(msg!(
                        "truc.err.nothing_to_answer",
                        call = Arg::Key(call.call.name_key())
                    ));
                };
                self.pending = None;
                if call.call == CallKind::Accept {
                    self.value = pr.value;
                } else {
                    self.refused = Some(pr);
                }
                Ok(())
            }
            CallKind::Double | CallKind::Banco => {
                let base = self.base_for(p);
                let value = match (call.call, self.answer_banco(p), self.raise_for(p)?) {
                    (CallKind::Banco, Some(answer), _) => answer,
                    (CallKind::Banco, None, (CallKind::Banco, v)) => v,
                    (CallKind::Double, _, (CallKind::Double, v)) => v,
                    (CallKind::Banco, None, (_, v)) => {
                        return Err(msg!(
                            "truc.err.banco_not_needed",
                            score = self.scores[p],
                            value = v,
                            target = self.options.target
                        ));
                    }
                    (_, _, (_, banco)) => {
                        return Err(msg!(
                            "truc.err.must_banco",
                            score = self.scores[p],
                            value = self.options.raised(base),
                            target = self.options.target,
                            banco = banco
                        ));
                    }
                };
                if let Some(pr) = self.pending.take() {
                    self.value = pr.value;
                }
                self.pending = Some(Proposal {
                    by: p,
                    value,
                    before: base,
                    banco: call.call == CallKind::Banco,
                });
                Ok(())
            }
        }
    }
}
