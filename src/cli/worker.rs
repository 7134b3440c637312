//! `tact worker`: the tool worker process the executor starts. It speaks framed MessagePack on
//! stdin/stdout and is not meant to be run by hand.

pub fn run() -> anyhow::Result<i32> {
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    let mut input = stdin.lock();
    let mut output = stdout.lock();
    tact_runtime::worker::serve(&mut input, &mut output, &|call, env| {
        tact_runtime::worker::execute_in(call, env)
    })?;
    Ok(0)
}
