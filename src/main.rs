fn main() -> std::process::ExitCode {
    marque::cli::main()
}
