//! The launch glue's text: signatures and parameter packing follow the
//! kernel signature, every driver call is checked, the PTX is embedded
//! exactly, and bad modules are located errors.

mod support;

use lockstep_glue::{emit_c_glue, emit_rust_glue};
use support::*;

const KERNELS: &str = r#"
module {
  device.module @kernels {
    device.kernel @mixed(%p: !device.ptr<global>, %b: i1, %c: i8, %s: i16, %i: i32, %l: i64, %f: f32, %d: f64, %q: !device.ptr<global>) {
      device.return
    }
    device.kernel @noargs() {
      device.return
    }
    device.func @helper(%x: i32) -> i32 {
      device.return %x : i32
    }
  }
}
"#;

#[test]
fn c_launch_functions_pack_params_in_signature_order() {
    let (ctx, module) = parse_mlir(KERNELS);
    let glue = emit_c_glue(&ctx, module, "ptx text\n", "mixed.h").unwrap();
    let h = &glue.header;
    assert!(
        h.contains("#ifndef LOCKSTEP_GLUE_MIXED_H\n#define LOCKSTEP_GLUE_MIXED_H\n"),
        "{h}"
    );
    assert!(h.contains("#include <cuda.h>"), "{h}");
    assert!(
        h.contains("#ifdef __cplusplus\nextern \"C\" {\n#endif"),
        "{h}"
    );
    assert!(
        h.contains("typedef struct lockstep_dim3 {\n  unsigned int x, y, z;\n} lockstep_dim3;")
    );
    assert!(h.contains("CUresult lockstep_init(void);"));
    assert!(h.contains("const char *lockstep_last_error(void);"));
    assert!(
        h.contains(
            "CUresult lockstep_launch_mixed(CUstream stream, lockstep_dim3 grid, lockstep_dim3 block,\n    \
             unsigned int shmem_bytes, CUdeviceptr arg0, bool arg1, int8_t arg2, int16_t arg3, \
             int32_t arg4, int64_t arg5, float arg6, double arg7, CUdeviceptr arg8);"
        ),
        "{h}"
    );
    assert!(
        h.contains(
            "CUresult lockstep_launch_noargs(CUstream stream, lockstep_dim3 grid, lockstep_dim3 block,\n    \
             unsigned int shmem_bytes);"
        ),
        "{h}"
    );
    // Device functions are not launchable.
    assert!(!h.contains("helper"), "{h}");

    let c = &glue.source;
    assert!(c.starts_with("/* Kernel launch glue"), "{c}");
    assert!(c.contains("#include \"mixed.h\""), "{c}");
    assert!(
        c.contains(
            "  void *params[] = {&arg0, &arg1, &arg2, &arg3, &arg4, &arg5, &arg6, &arg7, &arg8};\n  \
             status = cuLaunchKernel(lockstep_function_mixed, grid.x, grid.y, grid.z, block.x, block.y,\n                          \
             block.z, shmem_bytes, stream, params, NULL);"
        ),
        "{c}"
    );
    assert!(
        c.contains("  void **params = NULL;\n  status = cuLaunchKernel(lockstep_function_noargs,"),
        "{c}"
    );
    assert!(
        c.contains("lockstep_prepare(\"mixed\", &lockstep_function_mixed)"),
        "{c}"
    );
    assert!(
        c.contains("return lockstep_fail(\"mixed\", \"cuLaunchKernel\", status);"),
        "{c}"
    );
    assert!(
        c.contains("cuModuleGetFunction(function, lockstep_module, kernel)"),
        "{c}"
    );
    assert!(
        c.contains("static const char lockstep_ptx[] =\n    \"ptx text\\n\";"),
        "{c}"
    );
}

/// Every driver call's result is checked: assigned to `status` (and then
/// tested) or tested in place.
#[test]
fn every_driver_call_is_checked() {
    let (ctx, module) = parse_mlir(KERNELS);
    let c = emit_c_glue(&ctx, module, "x", "k.h").unwrap().source;
    let mut calls = 0;
    let lines: Vec<&str> = c.lines().collect();
    for (i, line) in lines.iter().enumerate() {
        let Some(at) = line.find("cu").filter(|&at| {
            line[at..].starts_with("cu")
                && line[at + 2..].starts_with(|ch: char| ch.is_ascii_uppercase())
                && line[at..].contains('(')
                && !line[..at].ends_with('"')
                && (at == 0 || !line.as_bytes()[at - 1].is_ascii_alphanumeric())
        }) else {
            continue;
        };
        let head = &line[..at];
        if line.trim_start().starts_with("/*") {
            continue;
        }
        calls += 1;
        let checked = head.trim_start().starts_with("status = ")
            || head.contains("if (")
            || head.contains("CUresult status = ");
        assert!(checked, "unchecked driver call: {line}");
        if head.trim_start().starts_with("status = ") {
            let next = lines[i + 1..]
                .iter()
                .find(|l| !l.trim_end().ends_with(',') && l.contains("status"))
                .unwrap();
            assert!(
                next.contains("if (status != CUDA_SUCCESS)"),
                "{line} is followed by {next}"
            );
        }
    }
    assert!(calls >= 9, "found only {calls} driver calls");
}

#[test]
fn ptx_is_embedded_exactly() {
    let (ctx, module) = parse_mlir(KERNELS);
    let ptx = "//\t\"odd\" \\ text??=\n.version 8.0\n\x01\u{e9}".to_string() + &"x".repeat(300);
    let c = emit_c_glue(&ctx, module, &ptx, "k.h").unwrap().source;
    let start = c.find("lockstep_ptx[] =\n").unwrap();
    let literal: Vec<&str> = c[start..]
        .lines()
        .skip(1)
        .take_while(|l| l.starts_with("    \""))
        .collect();
    assert!(literal.len() >= 5, "long lines are split: {literal:?}");
    assert!(literal.iter().all(|l| l.len() < 140), "{literal:?}");
    assert_eq!(literal[0], "    \"//\\t\\\"odd\\\" \\\\ text?\\?=\\n\"");
    assert!(literal.last().unwrap().ends_with("\";"));
    // Undo the C escapes and compare with the input.
    let mut bytes = Vec::new();
    for l in &literal {
        let body = l.trim_start().trim_end_matches(';');
        let body = &body[1..body.len() - 1];
        let mut it = body.bytes().peekable();
        while let Some(b) = it.next() {
            if b != b'\\' {
                bytes.push(b);
                continue;
            }
            match it.next().unwrap() {
                b'n' => bytes.push(b'\n'),
                b't' => bytes.push(b'\t'),
                b'r' => bytes.push(b'\r'),
                d @ b'0'..=b'7' => {
                    let mut v = u32::from(d - b'0');
                    for _ in 0..2 {
                        v = v * 8 + u32::from(it.next().unwrap() - b'0');
                    }
                    bytes.push(v as u8);
                }
                other => bytes.push(other),
            }
        }
    }
    assert_eq!(String::from_utf8(bytes).unwrap(), ptx);

    let rust = emit_rust_glue(&ctx, module, &ptx).unwrap();
    assert!(
        rust.contains("pub const PTX: &str = concat!(\n    \"//\\t\\\"odd\\\" \\\\ text??=\\n\",\n    \".version 8.0\\n\",\n    \"\\u{1}\\u{e9}xxx"),
        "{rust}"
    );
}

#[test]
fn rust_launch_functions_take_typed_args_in_order() {
    let (ctx, module) = parse_mlir(KERNELS);
    let rust = emit_rust_glue(&ctx, module, "ptx").unwrap();
    assert!(
        rust.contains("const KERNELS: [&str; 2] = [\"mixed\", \"noargs\"];"),
        "{rust}"
    );
    assert!(
        rust.contains(
            "pub unsafe fn launch_mixed(\n    stream: &cudarc::driver::CudaStream,\n    \
             grid: (u32, u32, u32),\n    block: (u32, u32, u32),\n    shmem: u32,\n    \
             arg0: cudarc::driver::sys::CUdeviceptr,\n    arg1: bool,\n    arg2: i8,\n    \
             arg3: i16,\n    arg4: i32,\n    arg5: i64,\n    arg6: f32,\n    arg7: f64,\n    \
             arg8: cudarc::driver::sys::CUdeviceptr,\n) -> Result<(), cudarc::driver::DriverError> {"
        ),
        "{rust}"
    );
    let pushes: Vec<&str> = rust
        .lines()
        .filter(|l| l.trim_start().starts_with("launch.arg("))
        .collect();
    let expected: Vec<String> = (0..9)
        .map(|i| format!("    launch.arg(&arg{i});"))
        .collect();
    assert_eq!(pushes, expected);
    assert!(rust.contains("    let function = kernel_function(stream, 0)?;"));
    assert!(rust.contains("    let function = kernel_function(stream, 1)?;"));
    assert!(rust.contains("# Safety"));
    assert!(rust.contains("#[allow(clippy::too_many_arguments)]\npub unsafe fn launch_mixed("));
    // No inner attributes or doc comments: the text must work with include!.
    assert!(!rust.contains("//!") && !rust.contains("#!["), "{rust}");
}

#[test]
fn bad_kernel_sets_are_located_errors() {
    let (ctx, module) = parse_mlir(
        r#"module {
  device.module @a {
    device.kernel @k() {
      device.return
    }
  }
  device.module @b {
    device.kernel @k() {
      device.return
    }
  }
}
"#,
    );
    let d = emit_c_glue(&ctx, module, "", "k.h").unwrap_err();
    assert!(
        d.message
            .starts_with("'device.kernel' op @k is also defined in device.module @a"),
        "{}",
        d.message
    );
    assert!(matches!(
        ctx.loc_data(d.loc),
        lockstep_ir::LocData::FileLineCol { line: 8, .. }
    ));
    assert_eq!(d.notes.len(), 1);
    let d = emit_rust_glue(&ctx, module, "").unwrap_err();
    assert!(d.message.contains("must be unique"), "{}", d.message);

    let (ctx, module) = parse_mlir(
        r#"module {
  device.module @kernels {
    device.kernel @"odd.name"() {
      device.return
    }
  }
}
"#,
    );
    let d = emit_c_glue(&ctx, module, "", "k.h").unwrap_err();
    assert!(d.message.contains("C identifiers"), "{}", d.message);

    let (ctx, module) = parse_mlir(KERNELS);
    let d = emit_c_glue(&ctx, module, "a\0b", "k.h").unwrap_err();
    assert!(d.message.contains("NUL"), "{}", d.message);
    let inner = lockstep_glue::kernels::top_level_ops(&ctx, module)[0];
    let d = emit_c_glue(&ctx, inner, "", "k.h").unwrap_err();
    assert!(
        d.message
            .starts_with("'device.module' op: host code generation expects"),
        "{}",
        d.message
    );
}

#[test]
fn a_module_without_kernels_gets_glue_without_ptx() {
    let (ctx, module) = parse_mlir("module {\n}\n");
    let glue = emit_c_glue(&ctx, module, "unused", "none.h").unwrap();
    assert!(!glue.source.contains("lockstep_ptx"), "{}", glue.source);
    assert!(!glue.source.contains("lockstep_prepare"), "{}", glue.source);
    assert!(glue.source.contains("CUresult lockstep_init(void)"));
    let rust = emit_rust_glue(&ctx, module, "").unwrap();
    assert!(!rust.contains("fn "), "{rust}");
    let Some(include) = cuda_include_or_skip("a_module_without_kernels_gets_glue_without_ptx")
    else {
        return;
    };
    let dir = scratch("nokernels");
    std::fs::write(dir.join("none.h"), &glue.header).unwrap();
    let c = dir.join("none_glue.c");
    std::fs::write(&c, &glue.source).unwrap();
    let inc = format!("-I{}", include.display());
    let o = dir.join("none_glue.o");
    let mut args: Vec<&str> = STRICT.to_vec();
    args.extend([
        inc.as_str(),
        "-c",
        c.to_str().unwrap(),
        "-o",
        o.to_str().unwrap(),
    ]);
    gcc(&args).unwrap();
    let _ = std::fs::remove_dir_all(&dir);
}
