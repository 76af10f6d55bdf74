//! The `lockstep-opt` binary: parses the command line and runs the driver
//! on a thread with a 256 MB stack, so deeply nested input cannot overflow
//! it; a panic (a bug) becomes `internal error` and exit status 1.

use lockstep_opt::tool::{self, Parsed};
use lockstep_opt::{cli, driver};
use std::process::ExitCode;

const STACK: usize = 256 << 20;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    tool::run_worker("lockstep-opt", STACK, move || real_main(args))
}

fn real_main(args: Vec<String>) -> u8 {
    let registry = driver::new_registry();
    match tool::parse_command_line(cli::command(&registry), args, &registry) {
        Parsed::Run(opts, _) => u8::try_from(driver::run(&opts, &registry)).unwrap_or(1),
        Parsed::Exit(code) => code,
        Parsed::Error(msg) => {
            eprintln!("<unknown>:0: error: {msg}");
            1
        }
    }
}
