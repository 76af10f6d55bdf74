//! Every `examples/*.cu`, at -O0 and -O2, through all three emitters; the
//! C is compiled with `gcc -std=c11 -Wall -Wextra -Werror` against the real
//! `cuda.h`, linked against a mock driver (`support/mock_cuda.c`) and run,
//! and, on a machine with a GPU driver, linked against `libcuda` and run.

mod support;

use lockstep_glue::{emit_c_glue, emit_host_c, emit_rust_glue};
use std::path::{Path, PathBuf};
use support::*;

const LEVELS: [u32; 2] = [0, 2];

/// Writes `<stem>.h`, `<stem>_glue.c` and `<stem>.c` into `dir`.
fn write_c(dir: &Path, file: &Path, opt_level: u32, ptx: &str) -> (PathBuf, PathBuf) {
    let s = stem(file);
    let (ctx, module) = compile_example(file, opt_level);
    let header_name = format!("{s}.h");
    let glue = emit_c_glue(&ctx, module, ptx, &header_name)
        .unwrap_or_else(|d| panic!("{s} -O{opt_level}: glue-c failed: {}", d.message));
    let host = emit_host_c(&ctx, module, &header_name)
        .unwrap_or_else(|d| panic!("{s} -O{opt_level}: host-c failed: {}", d.message));
    std::fs::write(dir.join(&header_name), &glue.header).unwrap();
    let glue_c = dir.join(format!("{s}_glue.c"));
    let host_c = dir.join(format!("{s}.c"));
    std::fs::write(&glue_c, &glue.source).unwrap();
    std::fs::write(&host_c, &host).unwrap();
    (glue_c, host_c)
}

fn object(dir: &Path, c_file: &Path, include: &Path) -> Result<PathBuf, String> {
    let obj = c_file.with_extension("o");
    let mut args: Vec<&str> = STRICT.to_vec();
    let inc = format!("-I{}", include.display());
    let (c, o) = (c_file.to_str().unwrap(), obj.to_str().unwrap());
    let dir_inc = format!("-I{}", dir.display());
    args.extend([inc.as_str(), dir_inc.as_str(), "-c", c, "-o", o]);
    gcc(&args).map(|()| obj)
}

fn mock_driver(dir: &Path, include: &Path) -> PathBuf {
    let src = dir.join("mock_cuda.c");
    std::fs::copy(
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/support/mock_cuda.c"),
        &src,
    )
    .unwrap();
    object(dir, &src, include).unwrap_or_else(|e| panic!("mock driver does not compile: {e}"))
}

fn link(objects: &[&Path], exe: &Path, libs: &[&str]) -> Result<(), String> {
    let mut args: Vec<&str> = objects.iter().map(|p| p.to_str().unwrap()).collect();
    args.extend(["-o", exe.to_str().unwrap()]);
    args.extend(libs);
    gcc(&args)
}

fn expected_output(s: &str) -> String {
    std::fs::read_to_string(repo_root().join(format!("examples/expected/{s}.out"))).unwrap()
}

/// Examples whose kernels the mock driver runs on the CPU, so their output
/// must be exactly the expected one.
const MOCK_KERNELS: &[&str] = &[
    "vecadd",
    "slides_saxpy",
    "slides_divergent",
    "slides_dec2zero",
    "fir",
];

#[test]
fn examples_compile_strictly_and_run_on_the_mock_driver() {
    let Some(include) =
        cuda_include_or_skip("examples_compile_strictly_and_run_on_the_mock_driver")
    else {
        return;
    };
    let dir = scratch("examples");
    let mock = mock_driver(&dir, &include);
    let mut failures = Vec::new();
    for file in example_files() {
        let s = stem(&file);
        for level in LEVELS {
            let sub = dir.join(format!("{s}-O{level}"));
            std::fs::create_dir_all(&sub).unwrap();
            let (glue_c, host_c) = write_c(&sub, &file, level, &placeholder_ptx(&s));
            let objects = object(&sub, &glue_c, &include)
                .and_then(|g| object(&sub, &host_c, &include).map(|h| (g, h)));
            let (glue_o, host_o) = match objects {
                Ok(o) => o,
                Err(e) => {
                    failures.push(format!("{s} -O{level}: {e}"));
                    continue;
                }
            };
            let exe = sub.join(&s);
            if let Err(e) = link(&[&host_o, &glue_o, &mock], &exe, &["-lm"]) {
                failures.push(format!("{s} -O{level}: link: {e}"));
                continue;
            }
            let out = run(&exe, &[("MOCK_CUDA_TRACE", "1")]);
            let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
            let expected = expected_output(&s);
            let problem = if !out.status.success() {
                Some(format!("exit status {}", out.status))
            } else if let Some(l) = stderr
                .lines()
                .find(|l| l.starts_with("mock cuda:") && !l.contains(" launch "))
            {
                Some(format!("driver misuse: {l}"))
            } else if MOCK_KERNELS.contains(&s.as_str()) && stdout != expected {
                Some("output differs from examples/expected".to_string())
            } else if stdout.split(':').next() != expected.split(':').next()
                || !matches!(stdout.lines().last(), Some("PASS" | "FAIL"))
            {
                Some("the program did not print its summary and verdict".to_string())
            } else if !stderr.contains(&format!("ptx=// placeholder PTX for {s}")) {
                Some("no launch reached the driver with the embedded PTX".to_string())
            } else {
                None
            };
            if let Some(p) = problem {
                failures.push(format!(
                    "{s} -O{level}: {p}\n--- stdout\n{stdout}--- stderr\n{stderr}--- expected\n{expected}"
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn headers_compile_as_cpp_and_rust_glue_is_generated() {
    let include = cuda_include_dir();
    let dir = scratch("cpp");
    let mut failures = Vec::new();
    for file in example_files() {
        let s = stem(&file);
        let (ctx, module) = compile_example(&file, 0);
        let rust = emit_rust_glue(&ctx, module, &placeholder_ptx(&s)).unwrap();
        // Every kernel of the source has a launch function in both glues.
        let src = std::fs::read_to_string(&file).unwrap();
        let glue = emit_c_glue(&ctx, module, "", "k.h").unwrap();
        for line in src.lines().filter(|l| l.contains("__global__")) {
            let name = line
                .split('(')
                .next()
                .and_then(|head| head.split_whitespace().last())
                .unwrap();
            if !rust.contains(&format!("pub unsafe fn launch_{name}(")) {
                failures.push(format!("{s}: no launch_{name} in the Rust glue"));
            }
            if !glue
                .header
                .contains(&format!("CUresult lockstep_launch_{name}("))
            {
                failures.push(format!("{s}: no lockstep_launch_{name} in the C header"));
            }
        }
        let Some(include) = &include else {
            continue;
        };
        let header = dir.join(format!("{s}.h"));
        std::fs::write(&header, &glue.header).unwrap();
        let cpp = dir.join(format!("{s}_user.cpp"));
        std::fs::write(
            &cpp,
            format!("#include \"{s}.h\"\n#include \"{s}.h\"\nint main() {{ return lockstep_init() == CUDA_SUCCESS ? 0 : 1; }}\n"),
        )
        .unwrap();
        let inc = format!("-I{}", include.display());
        let Ok(out) = std::process::Command::new("g++")
            .args([
                "-std=c++17",
                "-Wall",
                "-Wextra",
                "-Werror",
                "-fsyntax-only",
                &inc,
            ])
            .arg(&cpp)
            .output()
        else {
            assert!(!tools_required(), "g++ not found (CI requires it)");
            eprintln!("SKIPPED: g++ not found; the headers were not compiled as C++");
            break;
        };
        if !out.status.success() {
            failures.push(format!("{s}: header as C++: {}", text(&out.stderr)));
        }
    }
    if include.is_none() {
        let _ = cuda_include_or_skip("headers_compile_as_cpp_and_rust_glue_is_generated");
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// The line:col of the first occurrence of `needle` in `file`.
fn position(file: &Path, needle: &str) -> String {
    let src = std::fs::read_to_string(file).unwrap();
    let (n, line) = src
        .lines()
        .enumerate()
        .find(|(_, l)| l.contains(needle))
        .unwrap_or_else(|| panic!("{needle} not in {}", file.display()));
    let col = line.find(|c: char| !c.is_whitespace()).unwrap_or(0) + 1;
    format!(
        "{}:{}:{col}",
        file.file_name().unwrap().to_string_lossy(),
        n + 1
    )
}

#[test]
fn driver_failures_exit_1_naming_location_kernel_and_call() {
    let Some(include) =
        cuda_include_or_skip("driver_failures_exit_1_naming_location_kernel_and_call")
    else {
        return;
    };
    let dir = scratch("errors");
    let mock = mock_driver(&dir, &include);
    let file = repo_root().join("examples/vecadd.cu");
    let (glue_c, host_c) = write_c(&dir, &file, 2, &placeholder_ptx("vecadd"));
    let glue_o = object(&dir, &glue_c, &include).unwrap();
    let host_o = object(&dir, &host_c, &include).unwrap();
    let exe = dir.join("vecadd");
    link(&[&host_o, &glue_o, &mock], &exe, &["-lm"]).unwrap();

    let alloc = position(&file, "cudaMalloc((void **)&da");
    let launch = position(&file, "vecadd<<<");
    let sync = position(&file, "cudaDeviceSynchronize");
    let cases: &[(&str, &str, &[&str])] = &[
        ("cuInit", &alloc, &["cuInit failed: CUDA_ERROR_NO_DEVICE"]),
        (
            "cuMemAlloc",
            &alloc,
            &["cuMemAlloc failed: CUDA_ERROR_LAUNCH_FAILED"],
        ),
        (
            "cuModuleLoadDataEx",
            &launch,
            &[
                "vecadd: cuModuleLoadDataEx failed: CUDA_ERROR_INVALID_PTX",
                "mock JIT log: bad ptx",
            ],
        ),
        (
            "cuModuleGetFunction",
            &launch,
            &["vecadd: cuModuleGetFunction failed: CUDA_ERROR_NOT_FOUND"],
        ),
        (
            "cuLaunchKernel",
            &launch,
            &["vecadd: cuLaunchKernel failed: CUDA_ERROR_LAUNCH_FAILED"],
        ),
        ("cuCtxSynchronize", &sync, &["cuCtxSynchronize failed"]),
    ];
    for (call, at, messages) in cases {
        let out = run(&exe, &[("MOCK_CUDA_FAIL", call)]);
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{call}: {stderr}");
        assert!(
            stderr.starts_with(&format!("{at}: ")),
            "{call}: expected {at}: in\n{stderr}"
        );
        for m in *messages {
            assert!(stderr.contains(m), "{call}: expected {m:?} in\n{stderr}");
        }
        // Nothing after the failure ran: no verdict was printed.
        assert!(!text(&out.stdout).contains("PASS"), "{call}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn vecadd_runs_on_a_real_gpu_when_a_driver_is_present() {
    let Some(libcuda) = libcuda() else {
        eprintln!(
            "SKIPPED: no GPU driver present (libcuda.so.1 not found): generated programs were \
             only run against the mock driver"
        );
        return;
    };
    let Some(include) = cuda_include_or_skip("vecadd_runs_on_a_real_gpu_when_a_driver_is_present")
    else {
        return;
    };
    let dir = scratch("gpu");
    let lib = libcuda.to_str().unwrap();
    // Every example links against the real driver ...
    for file in example_files() {
        let s = stem(&file);
        let sub = dir.join(&s);
        std::fs::create_dir_all(&sub).unwrap();
        let (glue_c, host_c) = write_c(&sub, &file, 2, &placeholder_ptx(&s));
        let glue_o = object(&sub, &glue_c, &include).unwrap();
        let host_o = object(&sub, &host_c, &include).unwrap();
        link(&[&host_o, &glue_o], &sub.join(&s), &[lib, "-lm"])
            .unwrap_or_else(|e| panic!("{s}: {e}"));
    }
    // ... and vecadd, whose PTX we have, runs and prints its expected output.
    let file = repo_root().join("examples/vecadd.cu");
    let sub = dir.join("vecadd-real");
    std::fs::create_dir_all(&sub).unwrap();
    let (glue_c, host_c) = write_c(&sub, &file, 2, &vecadd_ptx());
    let glue_o = object(&sub, &glue_c, &include).unwrap();
    let host_o = object(&sub, &host_c, &include).unwrap();
    let exe = sub.join("vecadd");
    link(&[&host_o, &glue_o], &exe, &[lib, "-lm"]).unwrap();
    let out = run(&exe, &[]);
    let stderr = text(&out.stderr);
    if out.status.code() == Some(1)
        && (stderr.contains("CUDA_ERROR_NO_DEVICE") || stderr.contains("cuInit failed"))
    {
        eprintln!("SKIPPED: libcuda is present but no usable GPU: {stderr}");
        return;
    }
    assert!(out.status.success(), "{stderr}");
    assert_eq!(text(&out.stdout), expected_output("vecadd"));
    let _ = std::fs::remove_dir_all(&dir);
}
