//! Generates the Rust launch glue of every `examples/*.cu` into `OUT_DIR`
//! (`<stem>.rs`, plus `examples.rs` declaring one module per example).
//! `vecadd` embeds the hand-written PTX of
//! `compiler/glue/tests/data/vecadd.ptx`, so it can really run; the others
//! embed a placeholder, which the glue must not care about.

use std::fmt::Write;
use std::path::{Path, PathBuf};

fn main() -> Result<(), String> {
    let manifest = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").map_err(|e| e.to_string())?);
    let root = manifest.join("../..");
    let out = PathBuf::from(std::env::var("OUT_DIR").map_err(|e| e.to_string())?);
    let examples = root.join("examples");
    let vecadd_ptx = root.join("compiler/glue/tests/data/vecadd.ptx");
    println!("cargo:rerun-if-changed={}", examples.display());
    println!("cargo:rerun-if-changed={}", vecadd_ptx.display());

    let mut files: Vec<PathBuf> = std::fs::read_dir(&examples)
        .map_err(|e| format!("{}: {e}", examples.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "cu"))
        .collect();
    files.sort();
    let mut modules = String::new();
    for file in &files {
        println!("cargo:rerun-if-changed={}", file.display());
        let stem = file
            .file_stem()
            .map(|s| {
                s.to_string_lossy()
                    .replace(|c: char| !c.is_ascii_alphanumeric(), "_")
            })
            .unwrap_or_default();
        let ptx = if stem == "vecadd" {
            std::fs::read_to_string(&vecadd_ptx)
                .map_err(|e| format!("{}: {e}", vecadd_ptx.display()))?
        } else {
            format!("// placeholder PTX for {stem}\n")
        };
        let glue = generate(file, &ptx)?;
        std::fs::write(out.join(format!("{stem}.rs")), glue).map_err(|e| e.to_string())?;
        let _ = writeln!(
            modules,
            "/// The launch glue of `examples/{}`.\npub mod {stem} {{\n    include!(concat!(env!(\"OUT_DIR\"), \"/{stem}.rs\"));\n}}",
            file.file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default()
        );
    }
    std::fs::write(out.join("examples.rs"), modules).map_err(|e| e.to_string())?;
    Ok(())
}

fn generate(file: &Path, ptx: &str) -> Result<String, String> {
    let src = std::fs::read_to_string(file).map_err(|e| format!("{}: {e}", file.display()))?;
    let name = file
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let mut ctx = lockstep_registry::new_context(false);
    let module = lockstep_frontend::compile(&mut ctx, &name, &src)
        .map_err(|d| format!("{name}: {}", d.message))?;
    lockstep_glue::emit_rust_glue(&ctx, module, ptx).map_err(|d| format!("{name}: {}", d.message))
}
