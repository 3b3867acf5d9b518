fn main() -> std::process::ExitCode {
    // The window is the app's; the command line opens it without reaching into it.
    marque::cli::main(marque::ui::run)
}
