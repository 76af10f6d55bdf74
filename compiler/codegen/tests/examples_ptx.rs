//! Every `examples/*.cu`, compiled by the front end at -O0 and with the
//! -O1..-O3 device/host pipeline (canonicalize, cse), lowered to PTX with
//! `compile_to_ptx` for sm_80 and sm_90, must assemble with NVIDIA's
//! ptxas. The input module must be left unchanged by the lowering.
//!
//! Without ptxas the PTX is still produced (selection, out-of-SSA, layout,
//! verification and emission must succeed) and a loud `SKIPPED` line says
//! that assembly was not checked; `LOCKSTEP_REQUIRE_TOOLS=1` or `CI=true`
//! turns a missing ptxas into a failure.

use lockstep_codegen::pipeline::{PtxOptions, compile_to_ptx};
use lockstep_codegen::ptxas;
use lockstep_ir::{Context, OpId, PrintOptions, print_op};
use lockstep_pass::PassManager;
use std::path::PathBuf;

const TARGETS: &[&str] = &["sm_80", "sm_90"];

/// lockstepc's pipeline for -O1 and above.
const OPTIMIZE: &str = "builtin.module(device.module(device.kernel(canonicalize,cse),device.func(canonicalize,cse)),func.func(canonicalize,cse))";

fn examples() -> Vec<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../examples");
    let mut v: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("examples directory")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "cu"))
        .collect();
    v.sort();
    v
}

fn front_end(path: &PathBuf, optimize: bool) -> (Context, OpId) {
    let src = std::fs::read_to_string(path).expect("readable example");
    let name = path.file_name().unwrap().to_string_lossy().into_owned();
    let mut ctx = lockstep_registry::new_context(false);
    let module = lockstep_frontend::compile(&mut ctx, &name, &src)
        .unwrap_or_else(|d| panic!("{name}: front end failed: {}", d.message));
    if optimize {
        let registry = lockstep_registry::new_registry();
        let mut pm = PassManager::parse(OPTIMIZE, &registry).expect("pipeline parses");
        let out = pm.run(&mut ctx, module);
        assert!(
            !out.failed,
            "{name}: optimization failed: {:?}",
            out.diagnostics
        );
    }
    (ctx, module)
}

fn require_tools() -> bool {
    std::env::var("LOCKSTEP_REQUIRE_TOOLS").is_ok_and(|v| v == "1")
        || std::env::var("CI").is_ok_and(|v| v == "true")
}

#[test]
fn every_example_assembles_at_o0_and_o3() {
    let ptxas = ptxas::find_ptxas();
    if ptxas.is_none() {
        assert!(!require_tools(), "ptxas not found and tools are required");
        eprintln!(
            "\n*** SKIPPED: ptxas not found: the PTX of the examples is produced but NOT assembled (install the nvidia-cuda-nvcc wheel) ***\n"
        );
    }
    let files = examples();
    assert!(
        files.len() >= 16,
        "expected the 16 examples, found {}",
        files.len()
    );
    let mut failures = Vec::new();
    let mut assembled = 0;
    for path in &files {
        let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
        for optimize in [false, true] {
            let level = if optimize { "-O3" } else { "-O0" };
            let (mut ctx, module) = front_end(path, optimize);
            let before = print_op(&ctx, module, PrintOptions::default());
            for &sm in TARGETS {
                let opts = PtxOptions {
                    sm: sm.to_string(),
                    debug_info: false,
                };
                let ptx = match compile_to_ptx(&mut ctx, module, &opts) {
                    Ok(p) => p,
                    Err(d) => {
                        failures.push(format!(
                            "{stem} {level} {sm}: lowering failed: {}",
                            d.message
                        ));
                        continue;
                    }
                };
                assert!(
                    ptx.contains(&format!(".target {sm}")),
                    "{stem}: no .target line"
                );
                assert!(ptx.contains(".entry"), "{stem}: no kernel in the PTX");
                if let Some(p) = ptxas {
                    match ptxas::assemble(p, &ptx, sm, false, false) {
                        Ok(_) => assembled += 1,
                        Err(e) => failures
                            .push(format!("{stem} {level} {sm}: ptxas rejected the PTX: {e}")),
                    }
                }
            }
            let after = print_op(&ctx, module, PrintOptions::default());
            assert_eq!(
                before, after,
                "{stem} {level}: compile_to_ptx changed its input"
            );
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    if ptxas.is_some() {
        assert_eq!(assembled, files.len() * 2 * TARGETS.len());
    }
}

/// With `-g`, the PTX carries line information and still assembles.
#[test]
fn debug_info_assembles() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../examples/reduction.cu");
    let (mut ctx, module) = front_end(&path, false);
    let opts = PtxOptions {
        sm: "sm_80".into(),
        debug_info: true,
    };
    let ptx = compile_to_ptx(&mut ctx, module, &opts).expect("lowers");
    assert!(ptx.contains(".loc"), "no .loc directives:\n{ptx}");
    if let Some(p) = ptxas::find_ptxas() {
        if let Err(e) = ptxas::assemble(p, &ptx, "sm_80", false, false) {
            panic!("ptxas rejected the -g PTX: {e}");
        }
    } else {
        eprintln!("*** SKIPPED: ptxas not found: -g PTX not assembled ***");
    }
}

/// Every instruction-selection lit input (`tests/lit/isel/*.mlir`, except
/// the error cases run with `--verify-diagnostics`) lowers to PTX that
/// ptxas accepts for sm_80 and sm_90: the lit tests check the selected
/// instructions, this checks that each of them is real PTX.
#[test]
fn isel_lit_inputs_assemble() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/lit/isel");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("tests/lit/isel")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "mlir"))
        .collect();
    files.sort();
    let ptxas = ptxas::find_ptxas();
    if ptxas.is_none() {
        assert!(!require_tools(), "ptxas not found and tools are required");
        eprintln!(
            "\n*** SKIPPED: ptxas not found: the isel lit inputs are lowered but NOT assembled ***\n"
        );
    }
    let mut checked = 0;
    let mut failures = Vec::new();
    for path in &files {
        let text = std::fs::read_to_string(path).expect("readable");
        if text.contains("--verify-diagnostics") {
            continue;
        }
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let mut ctx = lockstep_registry::new_context(false);
        let module = lockstep_ir::parse_source(&mut ctx, &name, &text, 1)
            .unwrap_or_else(|d| panic!("{name}: parse error: {}", d.message));
        for &sm in TARGETS {
            let opts = PtxOptions {
                sm: sm.to_string(),
                debug_info: false,
            };
            match compile_to_ptx(&mut ctx, module, &opts) {
                Ok(ptx) => {
                    if let Some(p) = ptxas
                        && let Err(e) = ptxas::assemble(p, &ptx, sm, false, false)
                    {
                        failures.push(format!("{name} {sm}: ptxas rejected the PTX: {e}"));
                    }
                    checked += 1;
                }
                Err(d) => failures.push(format!("{name} {sm}: lowering failed: {}", d.message)),
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(
        checked >= 2,
        "no isel lit inputs found in {}",
        dir.display()
    );
}
