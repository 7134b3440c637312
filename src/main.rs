//! The `tact` command line: a thin shell over the library crates.

mod cli;

use clap::{Parser, Subcommand};

#[derive(Debug, Parser)]
#[command(
    name = "tact",
    version,
    about = "Decides when a small local model should act, which tool it may use, and whether to believe what the tool says"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Run one job headless to its end.
    Run(Box<cli::run::Args>),
    /// Watch a workspace and start jobs on triggers.
    Watch(cli::watch::Args),
    /// Resume a job from its ledger.
    Resume(cli::resume::ResumeArgs),
    /// Answer a job that is waiting for the user, and resume it.
    Answer(cli::resume::AnswerArgs),
    /// Read a job's ledger.
    Ledger(cli::ledger::Args),
    /// The tool catalog: list, show, check a call against the guard.
    Tools(cli::tools::Args),
    /// Models: fetch, info, generate, embed.
    Models(cli::models::Args),
    /// Measure the trigger, the retriever, the selector and the trust gate on fixed data.
    Eval(cli::eval::Args),
    /// Tune the trigger's τ on a seeded split and write a new policy edition.
    Tune(cli::tune::Args),
    /// A/B two policy editions on the same items (paired bootstrap) and log the decision.
    Ab(cli::ab::Args),
    /// Fit the hidden-state probe the trigger can read instead of p_tool.
    TrainProbe(cli::train_probe::Args),
    /// Fit the learned selector combiner (retriever evidence, argument fit and the model's name
    /// scores) on the fit side of the selection dev set and report it on the rest.
    TrainSelector(cli::train_selector::Args),
    /// Tune the retriever on tool text: an adapter on MiniLM's vectors (contrastive, burn
    /// autodiff) and learned fusion weights, fitted on one side of the split, reported on the
    /// other.
    TrainRetriever(cli::train_retriever::Args),
    /// Fit the repair job's candidate ranker on a bug suite (tasks.jsonl), split by id.
    TrainRanker(cli::train_ranker::Args),
    /// Run every task of a suite and measure fixes, tool calls, model passes and wall time.
    BenchJobs(cli::bench_jobs::Args),
    /// Check this machine for what tact needs (models, python3/pytest, cargo, the sandbox).
    Doctor(cli::doctor::Args),
    /// The job queue in PostgreSQL: init, status, cancel.
    Queue(cli::queue::QueueArgs),
    /// Enqueue a job (source, revision, task) and print its id.
    Submit(cli::queue::SubmitArgs),
    /// Run jobs from the queue: lease, heartbeat, run, store the result.
    Serve(Box<cli::queue::ServeArgs>),
    /// tact's settings from its config files, and where each came from.
    Config(cli::config::Args),
    /// The built-in policy, and checking a policy file.
    Policy(cli::shell::PolicyArgs),
    /// tact over the Model Context Protocol: `mcp serve` (stdio).
    Mcp(cli::mcp::Args),
    /// Print a shell completion script (bash, zsh, fish, elvish, powershell).
    Completions(cli::shell::CompletionsArgs),
    /// The tool worker process (started by the executor; speaks framed MessagePack).
    #[command(hide = true)]
    Worker,
    /// The model host process (started and supervised by `run` and `watch`; a Unix socket).
    #[command(hide = true)]
    ModelHost(cli::model_host::Args),
}

impl Command {
    /// Commands that only read and print: no worker process, no job.
    fn only_prints(&self) -> bool {
        matches!(
            self,
            Command::Tools(_)
                | Command::Ledger(_)
                | Command::Policy(_)
                | Command::Config(_)
                | Command::Completions(_)
        )
    }
}

fn init_tracing() {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("warn"));
    tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        // A log file (a worker's, a model host's) gets plain text.
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .init();
}

fn main() -> std::process::ExitCode {
    let cli = Cli::parse();
    init_tracing();
    if cli.command.only_prints() {
        // A reader that stops early (`tact tools list | head`) ends the output as it ends `cat`'s.
        // Commands that talk to worker processes keep SIGPIPE ignored (Rust's default), so a
        // dead worker's pipe is an error the job reports rather than a signal that kills it.
        // SAFETY: setting a signal disposition before any thread is started.
        unsafe {
            libc::signal(libc::SIGPIPE, libc::SIG_DFL);
        }
    }
    let result = match cli.command {
        Command::Run(args) => cli::run::run(*args),
        Command::Watch(args) => cli::watch::run(args),
        Command::Resume(args) => cli::resume::resume(args),
        Command::Answer(args) => cli::resume::answer(args),
        Command::Ledger(args) => cli::ledger::run(args),
        Command::Tools(args) => cli::tools::run(args),
        Command::Models(args) => cli::models::run(args),
        Command::Eval(args) => cli::eval::run(args),
        Command::Tune(args) => cli::tune::run(args),
        Command::Ab(args) => cli::ab::run(args),
        Command::Worker => cli::worker::run(),
        Command::ModelHost(args) => cli::model_host::run(args),
        Command::Doctor(args) => cli::doctor::run(args),
        Command::Queue(args) => cli::queue::run(args),
        Command::Submit(args) => cli::queue::submit(args),
        Command::Serve(args) => cli::queue::serve_command(*args),
        Command::BenchJobs(args) => cli::bench_jobs::run(args),
        Command::TrainProbe(args) => cli::train_probe::run(args),
        Command::TrainSelector(args) => cli::train_selector::run(args),
        Command::TrainRetriever(args) => cli::train_retriever::run(&args),
        Command::TrainRanker(args) => cli::train_ranker::run(args),
        Command::Policy(args) => cli::shell::policy(args),
        Command::Config(args) => cli::config::run(args),
        Command::Mcp(args) => cli::mcp::run(args),
        Command::Completions(args) => cli::shell::completions::<Cli>(args),
    };
    match result {
        Ok(code) => std::process::ExitCode::from(u8::try_from(code).unwrap_or(1)),
        Err(err) => {
            eprintln!("tact: {err:#}");
            std::process::ExitCode::from(1)
        }
    }
}
