//! The per-language vocabularies the mutator draws replacement tokens
//! from, besides the tokens of the seeds themselves.
//!
//! Invariant: every entry is one token of its language's lexer (`lex`), so
//! an inserted word lexes back into the class it was chosen for.

use crate::lex::{Class, Lang};

#[rustfmt::skip]
pub const CUDA_KEYWORDS: &[&str] = &[
    "__global__", "__device__", "__host__", "__shared__", "__constant__", "__managed__",
    "__restrict__", "__forceinline__", "__syncthreads", "__syncwarp", "if", "else", "for",
    "while", "do", "return", "break", "continue", "switch", "case", "default", "goto", "struct",
    "typedef", "sizeof", "static", "extern", "inline", "const", "volatile", "true", "false",
    "NULL", "nullptr", "threadIdx", "blockIdx", "blockDim", "gridDim", "warpSize", "x", "y", "z",
    "atomicAdd", "atomicSub", "atomicMax", "atomicMin", "atomicCAS", "atomicExch", "atomicAnd",
    "atomicOr", "atomicXor", "__shfl_sync", "__shfl_down_sync", "__shfl_up_sync",
    "__shfl_xor_sync", "__ballot_sync", "__all_sync", "__any_sync", "printf", "cudaMalloc",
    "cudaMemcpy", "cudaFree", "cudaMemset", "cudaMemcpyHostToDevice", "cudaMemcpyDeviceToHost",
    "cudaDeviceSynchronize", "malloc", "free", "main", "min", "max", "sqrtf", "sqrt", "fabsf",
    "expf", "logf", "sinf", "cosf", "floorf", "rsqrtf", "abs", "template", "class", "new",
    "delete", "namespace", "operator", "enum", "union", "asm",
];

#[rustfmt::skip]
pub const CUDA_TYPES: &[&str] = &[
    "int", "unsigned", "signed", "char", "short", "long", "float", "double", "bool", "void",
    "size_t", "uint", "dim3", "int2", "float4", "auto",
];

#[rustfmt::skip]
pub const CUDA_PUNCT: &[&str] = &[
    ";", ",", "=", "+", "-", "*", "/", "%", "&", "|", "^", "~", "!", "?", ":", ".", "<<", ">>",
    "<=", ">=", "==", "!=", "&&", "||", "++", "--", "+=", "-=", "*=", "<<=", "->", "<<<", ">>>",
    "#define X", "#include <x.h>", "#if 1", "\\",
];

#[rustfmt::skip]
pub const IR_KEYWORDS: &[&str] = &[
    "arith.addi", "arith.addf", "arith.subi", "arith.muli", "arith.divsi", "arith.divui",
    "arith.remsi", "arith.remui", "arith.andi", "arith.ori", "arith.xori", "arith.shli",
    "arith.shrsi", "arith.shrui", "arith.cmpi", "arith.cmpf", "arith.constant", "arith.select",
    "arith.extsi", "arith.extui", "arith.trunci", "arith.sitofp", "arith.fptosi",
    "arith.index_cast", "arith.bitcast", "arith.minsi", "arith.maxui", "arith.ceildivsi",
    "arith.floordivsi", "arith.mulsi_extended", "arith.negf", "arith.mulf", "arith.divf",
    "arith.extf", "arith.truncf", "cf.br", "cf.cond_br", "cf.switch", "cf.assert", "scf.if",
    "scf.for", "scf.while", "scf.yield", "scf.condition", "scf.execute_region",
    "scf.index_switch", "func.func", "func.call", "func.return", "builtin.module", "math.sqrt",
    "math.exp", "math.absf", "math.rsqrt", "device.module", "device.kernel", "device.func",
    "device.return", "device.call", "device.thread_id", "device.block_id", "device.block_dim",
    "device.grid_dim", "device.lane_id", "device.warp_size", "device.load", "device.store",
    "device.ptradd", "device.alloca", "device.shared", "device.dynamic_shared",
    "device.addressof", "device.addrspace_cast", "device.barrier", "device.atomic",
    "device.atomic_cas", "device.vote", "device.shuffle", "host.alloc", "host.alloca",
    "host.device_alloc", "host.device_free", "host.free", "host.launch", "host.load",
    "host.memcpy", "host.printf", "host.ptradd", "host.store", "host.synchronize", "ptx.module",
    "ptx.entry", "ptx.func", "ptx.add", "ptx.ld", "ptx.st", "ptx.bra", "ptx.setp", "ptx.mov",
    "ptx.ret", "ptx.reg", "module", "func", "return", "loc", "attributes", "to", "step", "iter_args",
    "dense", "unit", "true", "false", "eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule",
    "ugt", "uge", "oeq", "une", "x", "y", "z", "global", "shared", "local", "generic", "add",
    "max", "ballot", "any", "all", "down", "xor", "private", "public", "nested", "do", "else",
    "fused", "callsite", "unknown", "affine_map",
];

#[rustfmt::skip]
pub const IR_TYPES: &[&str] = &[
    "i1", "i8", "i16", "i32", "i64", "i128", "i0", "i4294967295", "index", "f16", "bf16", "f32",
    "f64", "none", "tensor", "vector", "memref", "complex", "tuple",
];

#[rustfmt::skip]
pub const IR_PUNCT: &[&str] = &[
    ":", ",", "=", "->", "::", "(", ")", "{", "}", "[", "]", "<", ">", "?", "*", "x", "%",
    "@", "^", "#", "!", "!device.ptr<global>", "!device.ptr<shared>", "!host.ptr",
    "#device.restrict", "{device.restrict}", "// -----", "loc(unknown)", "loc(\"f.cu\":0:0)",
    "\"quoted.op\"", "\"\\ff\"",
];

#[rustfmt::skip]
pub const PTX_OPCODES: &[&str] = &[
    "add", "sub", "mul", "mad", "mul24", "mad24", "fma", "div", "rem", "abs", "neg", "min",
    "max", "setp", "set", "selp", "slct", "mov", "ld", "st", "ldu", "cvt", "cvta", "bra", "brx",
    "ret", "exit", "trap", "bar", "barrier", "membar", "fence", "atom", "red", "vote", "shfl",
    "and", "or", "xor", "not", "cnot", "shl", "shr", "shf", "call", "popc", "clz", "brev",
    "bfe", "bfi", "prmt", "rcp", "sqrt", "rsqrt", "sin", "cos", "lg2", "ex2", "tanh", "copysign",
    "testp", "activemask", "nanosleep", "prefetch", "isspacep", "sad", "dp4a", "match", "redux",
    "WARP_SZ",
];

#[rustfmt::skip]
pub const PTX_TYPES: &[&str] = &[
    ".pred", ".b8", ".b16", ".b32", ".b64", ".u8", ".u16", ".u32", ".u64", ".s8", ".s16",
    ".s32", ".s64", ".f16", ".f16x2", ".bf16", ".f32", ".f64", ".b128", ".v2", ".v4",
];

#[rustfmt::skip]
pub const PTX_DOTTED: &[&str] = &[
    ".version", ".target", ".address_size", ".entry", ".func", ".visible", ".extern", ".weak",
    ".reg", ".param", ".local", ".shared", ".global", ".const", ".align", ".ptr", ".file",
    ".loc", ".pragma", ".maxntid", ".reqntid", ".minnctapersm", ".maxnreg", ".callprototype",
    ".uni", ".sync", ".aligned", ".rn", ".rz", ".rm", ".rp", ".rni", ".rzi", ".rmi", ".rpi",
    ".approx", ".full", ".ftz", ".sat", ".lo", ".hi", ".wide", ".eq", ".ne", ".lt", ".le",
    ".gt", ".ge", ".ltu", ".leu", ".gtu", ".geu", ".equ", ".neu", ".num", ".nan", ".ls", ".hs",
    ".lo", ".and", ".or", ".xor", ".add", ".inc", ".dec", ".exch", ".cas", ".min", ".max",
    ".all", ".any", ".ballot", ".up", ".down", ".bfly", ".idx", ".cta", ".gpu", ".sys",
    ".volatile", ".relaxed", ".acquire", ".release", ".nc", ".to", ".clamp", ".wrap", ".l",
    ".r", ".x", ".y", ".z", ".noreturn", ".section", ".tex", ".texref",
];

#[rustfmt::skip]
pub const PTX_REGS: &[&str] = &[
    "%r1", "%r0", "%r99999", "%rd1", "%rd2", "%f1", "%fd1", "%p1", "%p0", "%rs1", "%tid.x",
    "%tid.y", "%tid.z", "%ntid.x", "%ctaid.x", "%nctaid.x", "%laneid", "%warpid", "%clock",
    "%clock64", "%smid", "%lanemask_lt", "%SP", "%SPL", "%envreg0", "%r", "%dynamic_smem_size",
];

#[rustfmt::skip]
pub const PTX_PUNCT: &[&str] = &[
    ";", ",", "{", "}", "[", "]", "(", ")", "<", ">", "@", "!", "+", "-", "|", "_", "=",
    "@%p1", "@!%p1", "$L__BB0_1:", "$L__BB0_1", "[%rd1+4]", "[%rd1+-8]", "{%f1, %f2}",
    "%p1|%p2",
];

#[rustfmt::skip]
/// The numbers worth trying where a number was: boundaries of 8/16/32/64
/// bits, sizes that wrap, huge and negative values, float specials.
pub const INTERESTING_NUMBERS: &[&str] = &[
    "0", "1", "-1", "2", "7", "8", "31", "32", "33", "63", "64", "127", "128", "255", "256",
    "1023", "1024", "1025", "32767", "32768", "65535", "65536", "2147483647", "2147483648",
    "-2147483648", "4294967295", "4294967296", "4294967304", "1073741824", "9223372036854775807",
    "9223372036854775808", "-9223372036854775808", "18446744073709551615",
    "18446744073709551616", "340282366920938463463374607431768211456", "0x7fffffff", "0xffffffff",
    "0x8000000000000000", "0xffffffffffffffff", "0777", "0b101", "1e308", "1e309", "-0.0",
    "3.4028235e38", "1.0e-45", "0f7F800000", "0fFFFFFFFF", "0f00000000", "0d7FF8000000000000",
    "1u", "4294967295u", "1ull", "0x1p3", "00000000000000000000001", "1.5", "0.", "1e", "0x",
];

/// Vocabulary of `class` in `lang` (empty when the class has none).
pub fn words(lang: Lang, class: Class) -> &'static [&'static str] {
    match (lang, class) {
        (Lang::Cuda, Class::Keyword) => CUDA_KEYWORDS,
        (Lang::Cuda, Class::Type) => CUDA_TYPES,
        (Lang::Cuda, Class::Punct) => CUDA_PUNCT,
        (Lang::Ir, Class::Keyword) => IR_KEYWORDS,
        (Lang::Ir, Class::Type) => IR_TYPES,
        (Lang::Ir, Class::Punct) => IR_PUNCT,
        (Lang::Ptx, Class::Keyword) => PTX_OPCODES,
        (Lang::Ptx, Class::Type) => PTX_TYPES,
        (Lang::Ptx, Class::Dotted) => PTX_DOTTED,
        (Lang::Ptx, Class::Value) => PTX_REGS,
        (Lang::Ptx, Class::Punct) => PTX_PUNCT,
        (_, Class::Number) => INTERESTING_NUMBERS,
        _ => &[],
    }
}

/// Every vocabulary list of `lang`, for "replace with a token of any class".
pub fn all_words(lang: Lang) -> Vec<&'static [&'static str]> {
    [
        Class::Keyword,
        Class::Type,
        Class::Punct,
        Class::Dotted,
        Class::Value,
        Class::Number,
    ]
    .into_iter()
    .map(|c| words(lang, c))
    .filter(|w| !w.is_empty())
    .collect()
}
