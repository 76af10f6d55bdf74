//! Library-level checks of the PTX pipeline over real inputs: every
//! `examples/*.cu` (front end at -O0 and with the -O1..-O3 pipeline) lowers
//! with `compile_to_ptx` for sm_80 and sm_90 and leaves its input unchanged;
//! every instruction-selection lit input lowers to PTX that ptxas accepts.
//! (The examples' PTX goes through ptxas end to end, via lockstepc, in
//! `tests/`'s `ptxas_examples` suite.)
//!
//! Without ptxas a loud `SKIPPED` line says that assembly was not checked;
//! `LOCKSTEP_REQUIRE_TOOLS=1` or `CI=true` turns a missing ptxas into a
//! failure.

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

/// `compile_to_ptx` works on a copy: the module it is given prints the same
/// before and after, for every example at -O0 and -O3 and both targets.
/// (That the PTX assembles, through lockstepc, is the `ptxas_examples`
/// suite of `tests/`.)
#[test]
fn compile_to_ptx_leaves_its_input_unchanged() {
    let files = examples();
    assert!(
        files.len() >= 16,
        "expected the 16 examples, found {}",
        files.len()
    );
    for path in &files {
        let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
        for optimize in [false, true] {
            let (mut ctx, module) = front_end(path, optimize);
            let before = print_op(&ctx, module, PrintOptions::default());
            for &sm in TARGETS {
                let opts = PtxOptions {
                    sm: sm.to_string(),
                    debug_info: false,
                };
                let ptx = compile_to_ptx(&mut ctx, module, &opts)
                    .unwrap_or_else(|d| panic!("{stem} {sm}: lowering failed: {}", d.message));
                assert!(
                    ptx.contains(&format!(".target {sm}")),
                    "{stem}: no .target line"
                );
            }
            let after = print_op(&ctx, module, PrintOptions::default());
            assert_eq!(before, after, "{stem}: compile_to_ptx changed its input");
        }
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
        assert!(
            !lockstep_tests::tools::tools_required(),
            "ptxas not found and tools are required"
        );
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
