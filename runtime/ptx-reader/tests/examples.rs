//! Every `examples/*.cu` compiled to PTX by lockstepc (-O0..-O3, and -O3 -g)
//! and by clang-22 -O3 must read without error, with one decoded instruction
//! per instruction line of the text and one kernel per `.entry`.
//!
//! Tools: lockstepc is `$LOCKSTEPC` or the binary next to this test's target
//! dir (`cargo build -p lockstepc`); clang-22 is `$LOCKSTEP_CLANG` or found
//! by the test harness (`lockstep_tests::tools`). A missing tool skips its part with a `SKIPPED:`
//! message, and fails it when `CI=true` or `LOCKSTEP_REQUIRE_TOOLS=1`.

use lockstep_ptx_reader::*;
use std::path::{Path, PathBuf};
use std::process::Command;

fn repo() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    dir.canonicalize().unwrap_or(dir)
}

fn examples() -> Vec<PathBuf> {
    let v = lockstep_tests::cuda::cu_files(&repo().join("examples"));
    assert!(!v.is_empty(), "no examples/*.cu found");
    v
}

/// Skips (loudly) or, when tools are required, fails.
fn missing(tool: &str, how: &str) {
    let msg = format!("SKIPPED: {tool} not found ({how})");
    assert!(
        !lockstep_tests::tools::tools_required(),
        "{msg}; tools are required under CI=true"
    );
    eprintln!("{msg}");
}

fn lockstepc() -> Option<PathBuf> {
    if let Ok(p) = std::env::var("LOCKSTEPC") {
        return Some(PathBuf::from(p));
    }
    // target/<profile>/deps/examples-<hash> -> target/<profile>/lockstepc
    let exe = std::env::current_exe().ok()?;
    let candidate = exe.parent()?.parent()?.join("lockstepc");
    candidate.is_file().then_some(candidate)
}

/// `$LOCKSTEP_CLANG`, else clang-22 as the harness finds it (its message
/// and CI policy when missing).
fn clang() -> Option<PathBuf> {
    if let Ok(p) = std::env::var("LOCKSTEP_CLANG") {
        return Some(PathBuf::from(p));
    }
    lockstep_tests::tools::require_tool(&lockstep_tests::cuda::CLANG)
}

/// Lines that hold an instruction (one per line in both compilers' output).
fn instruction_lines(text: &str) -> usize {
    text.lines()
        .map(|l| l.split("//").next().unwrap_or("").trim())
        .filter(|l| l.ends_with(';') && !l.starts_with(['.', '}', ')', ';', '$']))
        .count()
}

fn check(name: &str, text: &str) -> Result<Module, String> {
    let m = read_ptx(name, text).map_err(|e| e.to_string())?;
    let decoded: usize = m
        .kernels
        .iter()
        .chain(&m.funcs)
        .map(|f| f.insts.len())
        .sum();
    let expected = instruction_lines(text);
    if decoded != expected {
        return Err(format!(
            "{name}: decoded {decoded} instructions, the text has {expected}"
        ));
    }
    let entries = text.matches(".entry ").count();
    if m.kernels.len() != entries {
        return Err(format!(
            "{name}: {} kernels for {entries} .entry",
            m.kernels.len()
        ));
    }
    for f in m.kernels.iter().chain(&m.funcs).filter(|f| f.has_body) {
        if f.insts.is_empty() || f.line_of.len() != f.insts.len() || f.locs.len() != f.insts.len() {
            return Err(format!(
                "{name}: function {} decoded inconsistently",
                f.name
            ));
        }
    }
    Ok(m)
}

fn run(cmd: &mut Command) -> Result<String, String> {
    let out = cmd.output().map_err(|e| format!("{cmd:?}: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "{cmd:?} failed:\n{}",
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

#[test]
fn lockstepc_ptx_of_every_example_reads() {
    let Some(lockstepc) = lockstepc() else {
        return missing(
            "lockstepc",
            "build it with `cargo build -p lockstepc`, or set LOCKSTEPC",
        );
    };
    let mut failures = Vec::new();
    let mut read = 0;
    for file in examples() {
        let stem = file.file_stem().unwrap().to_string_lossy().into_owned();
        for flags in [&["-O0"][..], &["-O1"], &["-O2"], &["-O3"], &["-O3", "-g"]] {
            let name = format!("{stem}{}.ptx", flags.join(""));
            let result = run(Command::new(&lockstepc)
                .current_dir(repo())
                .arg(Path::new("examples").join(file.file_name().unwrap()))
                .args(flags)
                .arg("--emit=ptx"))
            .and_then(|text| {
                let m = check(&name, &text)?;
                if flags.contains(&"-g")
                    && m.kernels.iter().all(|k| k.locs.iter().all(Option::is_none))
                {
                    return Err(format!("{name}: -g PTX without any .loc"));
                }
                Ok(())
            });
            match result {
                Ok(()) => read += 1,
                Err(e) => failures.push(e),
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    assert!(read >= 5 * 10, "only {read} PTX files read");
}
/// clang-22 -O3 device PTX of `file` (the harness's peer command).
fn clang_ptx(clang: &Path, file: &Path, scratch: &Path) -> Result<String, String> {
    let stem = file.file_stem().unwrap().to_string_lossy().into_owned();
    let out = scratch.join(format!("{stem}.ptx"));
    lockstep_tests::cuda::compile_device_ptx(clang, file, &out)?;
    std::fs::read_to_string(&out).map_err(|e| format!("{}: {e}", out.display()))
}

fn scratch_dir(tag: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("lockstep-ptx-reader-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn clang_ptx_of_every_example_reads() {
    let Some(clang) = clang() else {
        return;
    };
    let scratch = scratch_dir("examples");
    let mut failures = Vec::new();
    for file in examples() {
        let stem = file.file_stem().unwrap().to_string_lossy().into_owned();
        let result = clang_ptx(&clang, &file, &scratch)
            .and_then(|text| check(&format!("{stem}.clang.ptx"), &text).map(|_| ()));
        if let Err(e) = result {
            failures.push(e);
        }
    }
    let _ = std::fs::remove_dir_all(&scratch);
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// tests/fixtures/clang_constructs.cu makes clang emit what the examples do
/// not (see its header); its PTX must read and decode as written.
#[test]
fn clang_ptx_of_the_constructs_fixture_reads() {
    let Some(clang) = clang() else {
        return;
    };
    let scratch = scratch_dir("fixture");
    let fixture =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/clang_constructs.cu");
    let text = clang_ptx(&clang, &fixture, &scratch);
    let _ = std::fs::remove_dir_all(&scratch);
    let text = text.unwrap();
    let m = check("clang_constructs.ptx", &text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(m.kernels.len(), 9);
    // vprintf (declared) and poly (defined, not inlined).
    assert_eq!(m.funcs.len(), 2);
    assert!(m.funcs.iter().any(|f| !f.has_body && f.params.len() == 2));
    let string = m
        .globals
        .iter()
        .find(|g| g.name.contains("str"))
        .expect("printf string");
    assert_eq!(&string.init[..4], b"x=%d");
    let coeffs = m
        .globals
        .iter()
        .find(|g| g.name == "coeffs")
        .expect("coeffs");
    assert_eq!((coeffs.space, coeffs.size), (Space::Const, Some(16)));
    assert_eq!(&coeffs.init[4..8], &(-1.25f32).to_le_bytes());
    let all_insts = || m.kernels.iter().flat_map(|k| k.insts.iter());
    // A call with two arguments and a return value.
    let call = all_insts().find(|i| i.op == Opcode::Call).expect("a call");
    assert_eq!(call.src.len(), 3);
    assert!(matches!(call.dst[0], Operand::Addr { .. }));
    // float4 moves as one v4 load and one v4 store.
    assert!(all_insts().any(|i| i.op == Opcode::Ld && i.mods.vec == 4));
    assert!(all_insts().any(|i| i.op == Opcode::St && i.mods.vec == 4));
    // The local array lives in a depot declared in the kernel.
    let locals = m
        .kernels
        .iter()
        .find(|k| k.name.contains("locals"))
        .unwrap();
    assert!(
        locals
            .locals
            .iter()
            .any(|l| l.space == Space::Local && l.size == Some(96))
    );
    // A struct parameter is a 16-byte, 8-aligned byte array.
    let printing = m
        .kernels
        .iter()
        .find(|k| k.name.contains("printing"))
        .unwrap();
    assert_eq!((printing.params[1].size, printing.params[1].align), (16, 8));
    for op in [
        AtomOp::Add,
        AtomOp::Min,
        AtomOp::Max,
        AtomOp::Exch,
        AtomOp::Cas,
        AtomOp::And,
        AtomOp::Or,
        AtomOp::Xor,
    ] {
        assert!(
            all_insts().any(|i| i.op == Opcode::Atom && i.mods.atom == Some(op)),
            "no atom {op:?}"
        );
    }
    for mode in [ShflMode::Up, ShflMode::Down, ShflMode::Bfly, ShflMode::Idx] {
        assert!(
            all_insts().any(|i| i.mods.shfl == Some(mode)),
            "no shfl {mode:?}"
        );
    }
    // `mov.b64 {_, %r}, %rd`: the sink is a fresh, unnamed register.
    let split = all_insts()
        .filter_map(|i| match &i.dst[0] {
            Operand::Vector(v) if i.op == Opcode::Mov => Some(v.clone()),
            _ => None,
        })
        .next()
        .expect("a vector mov");
    assert_eq!(split.len(), 2);
    // The switch's jump table: an index and one label per table entry.
    let brx = all_insts()
        .find(|i| i.op == Opcode::Brx)
        .expect("a brx.idx");
    assert!(matches!(brx.src[0], Operand::Reg(_)));
    assert!(brx.src.len() >= 8);
    assert!(brx.src[1..].iter().all(|o| matches!(o, Operand::Label(_))));
    let dynamic = m
        .globals
        .iter()
        .find(|g| g.name == "dyn")
        .expect("extern shared");
    assert!(dynamic.is_extern && dynamic.size.is_none() && dynamic.space == Space::Shared);
}
