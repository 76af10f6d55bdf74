//! Loads PTX files and lists instructions the simulator cannot execute.
fn main() {
    let mut dev = lockstep_sim::Device::new(lockstep_sim::SimConfig::default());
    for path in std::env::args().skip(1) {
        let text = std::fs::read_to_string(&path).expect("readable PTX");
        match dev.load_ptx(&path, &text) {
            Ok(m) => {
                for u in dev.unsupported(m) {
                    println!("{path}: {u}");
                }
            }
            Err(e) => println!("{e}"),
        }
    }
}
