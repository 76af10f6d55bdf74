//! The `lockstep-opt` binary: parses the command line and runs the driver
//! on a thread with a 256 MB stack, so deeply nested input cannot overflow
//! it; a panic (a bug) becomes `internal error` and exit status 1.

use lockstep_opt::cli::{self, Action};
use lockstep_opt::driver;
use std::process::ExitCode;

const STACK: usize = 256 << 20;

fn main() -> ExitCode {
    std::panic::set_hook(Box::new(|info| {
        eprintln!("lockstep-opt: internal error: {info}");
    }));
    let args: Vec<String> = std::env::args().collect();
    let worker = std::thread::Builder::new()
        .name("lockstep-opt".into())
        .stack_size(STACK)
        .spawn(move || real_main(args));
    let code = match worker {
        Ok(handle) => handle.join().unwrap_or(1),
        Err(e) => {
            eprintln!("lockstep-opt: cannot start the worker thread: {e}");
            1
        }
    };
    ExitCode::from(code)
}

fn real_main(args: Vec<String>) -> u8 {
    let registry = driver::new_registry();
    let cmd = cli::command(&registry);
    let args = cli::normalize_args(&cmd, args);
    let matches = match cmd.try_get_matches_from(args) {
        Ok(m) => m,
        Err(e) => {
            // `--help` is not an error; clap knows which is which.
            let _ = e.print();
            return u8::from(e.use_stderr());
        }
    };
    match cli::options(&matches, &registry) {
        Ok(Action::ListPasses) => {
            print!("{}", cli::list_passes(&registry));
            0
        }
        Ok(Action::ShowDialects) => {
            let ctx = driver::new_context(false);
            let mut names: Vec<&str> = ctx.registry().dialects().iter().map(|d| d.name).collect();
            names.sort_unstable();
            println!("Available Dialects: {}", names.join(", "));
            0
        }
        Ok(Action::Run(opts)) => u8::try_from(driver::run(&opts, &registry)).unwrap_or(1),
        Err(msg) => {
            eprintln!("<unknown>:0: error: {msg}");
            1
        }
    }
}
