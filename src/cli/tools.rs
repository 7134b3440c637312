//! `tact tools`.

#[derive(Debug, clap::Args)]
pub struct Args {
    /// Arguments, not parsed yet.
    #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
    pub rest: Vec<String>,
}

pub fn run(_args: Args) -> anyhow::Result<i32> {
    eprintln!("tact tools: not implemented yet");
    Ok(2)
}
