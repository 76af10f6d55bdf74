#[test]
fn import_env_file() {
    let Ok(path) = std::env::var("PTX_IMPORT_FILE") else { return };
    let text = std::fs::read_to_string(&path).unwrap();
    let mut ctx = lockstep_registry::new_context(false);
    let r = lockstep_ptx_import::import_ptx(&mut ctx, &path, &text);
    println!("{:?}", r.is_ok());
}
