//! Small commands around the CLI itself: shell completions and the built-in policy.

use clap::CommandFactory;

#[derive(Debug, clap::Args)]
pub struct CompletionsArgs {
    /// The shell to complete for.
    pub shell: clap_complete::Shell,
}

/// `tact completions SHELL`: the completion script on stdout (e.g. `tact completions bash >
/// ~/.local/share/bash-completion/completions/tact`).
pub fn completions<C: CommandFactory>(args: CompletionsArgs) -> anyhow::Result<i32> {
    let mut command = C::command();
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut command, "tact", &mut script);
    super::emit(&String::from_utf8_lossy(&script))?;
    Ok(0)
}

#[derive(Debug, clap::Args)]
pub struct PolicyArgs {
    #[command(subcommand)]
    pub command: PolicyCommand,
}

#[derive(Debug, clap::Subcommand)]
pub enum PolicyCommand {
    /// Print the built-in policy (TOML, with its comments): a starting point for `--policy`
    /// files, which need name only what they change.
    ShowDefault,
    /// Read a policy file as `--policy` would (unknown keys refused by name, the rest from the
    /// built-in policy) and print its edition.
    Check {
        file: std::path::PathBuf,
        #[arg(long)]
        json: bool,
    },
}

pub fn policy(args: PolicyArgs) -> anyhow::Result<i32> {
    match args.command {
        PolicyCommand::ShowDefault => {
            super::emit(tact_policies::policy::DEFAULT_POLICY)?;
            Ok(0)
        }
        PolicyCommand::Check { file, json } => match tact_policies::Policy::load(&file) {
            Ok(policy) => {
                let edition = policy.policy_ref();
                if json {
                    println!("{}", serde_json::json!({"ok": true, "policy": edition}));
                } else {
                    println!(
                        "{}: ok, {} edition {}",
                        file.display(),
                        edition.name,
                        edition.edition
                    );
                }
                Ok(0)
            }
            Err(e) => {
                if json {
                    println!(
                        "{}",
                        serde_json::json!({"ok": false, "error": e.to_string()})
                    );
                } else {
                    eprintln!("{}: {e}", file.display());
                }
                Ok(2)
            }
        },
    }
}
