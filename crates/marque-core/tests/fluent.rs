//! The texts with selectors (plurals) render as fluent-bundle renders them, for numbers of
//! every plural form and for words.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::let_underscore_must_use,
    reason = "a test fails loudly where its setting up does"
)]

use fluent_bundle::{FluentArgs, FluentBundle, FluentResource, FluentValue};
use marque_core::i18n::{self, Arg, Lang, Msg};

#[test]
fn every_rich_text_renders_as_fluent_bundle_does() {
    i18n::add_texts(include_str!("../../../locales/ui.json"));
    assert_eq!(i18n::text_problems(), Vec::<String>::new());
    let texts = i18n::rich_texts();
    assert!(
        texts.len() > 30,
        "the plural texts are found: {}",
        texts.len()
    );
    for (lang, key, text) in texts {
        let mut bundle = FluentBundle::new(vec![lang.code().parse().unwrap()]);
        bundle.set_use_isolating(false);
        let source = format!("k = {}\n", text.replace('\n', "\n    "));
        bundle
            .add_resource(FluentResource::try_new(source).unwrap())
            .unwrap();
        let pattern = bundle.get_message("k").unwrap().value().unwrap();
        let names: Vec<String> = text
            .match_indices('$')
            .map(|(i, _)| {
                text[i + 1..]
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect()
            })
            .collect();
        let key: &'static str = Box::leak(key.into_boxed_str());
        for n in [0i64, 1, 2, 3, 5, 21, 100, 1000, 1_000_000, -1] {
            let mut args = FluentArgs::new();
            let mut msg = Msg::new(key);
            for name in &names {
                args.set(name.clone(), FluentValue::from(n));
                let name: &'static str = Box::leak(name.clone().into_boxed_str());
                msg = msg.with(name, Arg::Int(n));
            }
            let mut errors = Vec::new();
            let expected = bundle.format_pattern(pattern, Some(&args), &mut errors);
            assert!(errors.is_empty(), "{key}: {errors:?}");
            assert_eq!(
                msg.render(lang),
                expected,
                "{key} ({}) with {n}",
                lang.code()
            );
        }
    }
}

#[test]
fn french_and_english_count_differently() {
    let deals = |lang, n: i64| Msg::new("noun.bridge.count").with("n", n).render(lang);
    assert_eq!(
        [0, 1, 2].map(|n| deals(Lang::Fr, n)),
        ["0 donne", "1 donne", "2 donnes"]
    );
    assert_eq!(
        [0, 1, 2].map(|n| deals(Lang::En, n)),
        ["0 deals", "1 deal", "2 deals"]
    );
}

/// A text typed on a phone is kept plain: no control character, no direction override or
/// isolate; a line break or a tab is a space, so two lines do not run together.
#[test]
fn a_typed_text_is_kept_plain() {
    use marque_core::i18n::plain_text;
    assert_eq!(
        plain_text("Contrat faux\r\nc'était 4♠"),
        "Contrat faux  c'était 4♠"
    );
    assert_eq!(plain_text("a\u{0}b\u{1b}[2J\u{7f}"), "ab[2J");
    assert_eq!(plain_text("\u{202e}0101\u{2066}x\u{2069}"), "0101x");
    assert_eq!(
        plain_text("Zoé — العربية"),
        "Zoé — العربية",
        "letters of every script kept"
    );
}
