//! Reads PTX files and prints a one-line summary per file (or the error).
fn main() {
    let mut failed = false;
    for path in std::env::args().skip(1) {
        let text = match std::fs::read_to_string(&path) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("{path}: {e}");
                failed = true;
                continue;
            }
        };
        match lockstep_ptx_reader::read_ptx(&path, &text) {
            Ok(m) => {
                let insts: usize = m
                    .kernels
                    .iter()
                    .chain(&m.funcs)
                    .map(|f| f.insts.len())
                    .sum();
                println!(
                    "{path}: {} kernels, {} funcs, {} globals, {insts} instructions",
                    m.kernels.len(),
                    m.funcs.len(),
                    m.globals.len()
                );
            }
            Err(e) => {
                eprintln!("{e}");
                failed = true;
            }
        }
    }
    std::process::exit(i32::from(failed));
}
