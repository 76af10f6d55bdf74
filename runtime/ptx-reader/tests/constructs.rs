//! One test per PTX construct the reader decodes: each asserts the decoded
//! shape (registers, operands, modifiers, symbols, labels, locations).

use lockstep_ptx_reader::*;

const HEADER: &str = ".version 8.0\n.target sm_80\n.address_size 64\n";

fn read(body: &str) -> Module {
    let text = format!("{HEADER}{body}");
    match read_ptx("t.ptx", &text) {
        Ok(m) => m,
        Err(e) => panic!("unexpected error:\n{e}"),
    }
}

fn kernel(body: &str) -> Function {
    let m = read(body);
    assert_eq!(m.kernels.len(), 1);
    m.kernels.into_iter().next().unwrap()
}

#[test]
fn header_directives() {
    let m = read("");
    assert_eq!(m.version, "8.0");
    assert_eq!(m.target, "sm_80");
    assert_eq!(m.address_size, 64);
    assert!(m.kernels.is_empty() && m.funcs.is_empty() && m.globals.is_empty());
}

#[test]
fn register_ranges_are_numbered_densely() {
    let k = kernel(
        ".visible .entry k()\n{\n\t.reg .pred \t%p<3>;\n\t.reg .b32 \t%r<4>;\n\t.reg .b64 %SP, %SPL;\n\tret;\n}\n",
    );
    assert_eq!(k.num_regs, 3 + 4 + 2);
    assert_eq!(k.reg_names[0], "%p0");
    assert_eq!(k.reg_names[3], "%r0");
    assert_eq!(k.reg_names[8], "%SPL");
    assert_eq!(k.reg_types[2], ScalarType::Pred);
    assert_eq!(k.reg_types[6], ScalarType::B32);
    assert_eq!(k.reg_types[7], ScalarType::B64);
    assert_eq!(k.insts.len(), 1);
    assert_eq!(k.insts[0].op, Opcode::Ret);
}

#[test]
fn kernel_params_and_param_loads() {
    let k = kernel(
        ".visible .entry vecadd(\n\t.param .u64 .ptr .global .align 1 vecadd_param_0,\n\t.param .u32 vecadd_param_1,\n\t.param .align 8 .b8 vecadd_param_2[16]\n)\n.maxntid 256, 1, 1\n{\n\t.reg .b32 %r<2>;\n\t.reg .b64 %rd<3>;\n\tld.param.u64 \t%rd1, [vecadd_param_0];\n\tld.param.u32 %r1, [vecadd_param_2+8];\n\tcvta.to.global.u64 \t%rd2, %rd1;\n\tret;\n}\n",
    );
    assert_eq!(k.params.len(), 3);
    assert_eq!(k.params[0].ty, ScalarType::U64);
    assert_eq!(k.params[0].ptr_space, Some(Space::Global));
    assert_eq!(k.params[0].align, 1);
    assert_eq!((k.params[1].size, k.params[1].align), (4, 4));
    assert_eq!((k.params[2].size, k.params[2].align), (16, 8));
    assert_eq!(k.maxntid, Some([256, 1, 1]));
    let ld = &k.insts[0];
    assert_eq!((ld.op, ld.ty), (Opcode::Ld, ScalarType::U64));
    assert_eq!(ld.mods.space, Some(Space::Param));
    assert_eq!(ld.dst[0], Operand::Reg(3));
    assert_eq!(
        ld.src[0],
        Operand::Addr {
            base: AddrBase::Sym(SymRef::Param(0)),
            offset: 0
        }
    );
    assert_eq!(
        k.insts[1].src[0],
        Operand::Addr {
            base: AddrBase::Sym(SymRef::Param(2)),
            offset: 8
        }
    );
    let cvta = &k.insts[2];
    assert_eq!(cvta.op, Opcode::Cvta);
    assert_eq!(cvta.mods.space, Some(Space::Global));
    assert!(cvta.mods.flags.has(Flags::TO));
    assert_eq!(k.line_of, vec![13, 14, 15, 16]);
}

#[test]
fn special_registers_and_arithmetic_modifiers() {
    let k = kernel(
        ".visible .entry k()\n{\n\t.reg .b32 %r<5>;\n\t.reg .b64 %rd<3>;\n\tmov.u32 %r1, %tid.x;\n\tmov.u32 %r2, %ctaid.y;\n\tmov.u32 %r3, %nctaid.z;\n\tmov.u32 %r4, %laneid;\n\tmad.lo.s32 %r1, %r2, %r3, %r4;\n\tmul.wide.s32 %rd1, %r1, 8;\n\tmul.hi.s64 %rd2, %rd1, 8680820740569200761;\n\tmad.lo.s64 %rd2, %rd1, -17, %rd2;\n\tshf.l.wrap.b32 %r1, %r2, %r2, 7;\n\tret;\n}\n",
    );
    assert_eq!(k.insts[0].src[0], Operand::Special(SpecialReg::Tid(0)));
    assert_eq!(k.insts[1].src[0], Operand::Special(SpecialReg::Ctaid(1)));
    assert_eq!(k.insts[2].src[0], Operand::Special(SpecialReg::Nctaid(2)));
    assert_eq!(k.insts[3].src[0], Operand::Special(SpecialReg::LaneId));
    assert_eq!(k.insts[4].mods.mul, Some(MulMode::Lo));
    assert_eq!(k.insts[4].src.len(), 3);
    assert_eq!(k.insts[5].mods.mul, Some(MulMode::Wide));
    assert_eq!(k.insts[5].ty, ScalarType::S32);
    assert_eq!(k.insts[6].src[1], Operand::Imm(8680820740569200761));
    assert_eq!(k.insts[7].src[1], Operand::Imm((-17i64) as u64));
    assert_eq!(k.insts[8].mods.shf, Some(ShfMode::LWrap));
}

#[test]
fn float_immediates_take_the_operand_type() {
    let k = kernel(
        ".visible .entry k()\n{\n\t.reg .b32 %f<3>;\n\t.reg .b64 %fd<3>;\n\t.reg .pred %p1;\n\tmov.f32 %f1, 0f3F800000;\n\tmov.f64 %fd1, 0f3F800000;\n\tmov.b64 %fd2, 0d4010000000000000;\n\tadd.rn.f32 %f2, %f1, 0d3FF0000000000000;\n\tsetp.lt.f32 %p1, %f1, 0.5;\n\tselp.f32 %f2, 0f40000000, %f1, %p1;\n\tcvt.rn.f64.s32 %fd1, 3;\n\tmov.b32 %f1, 0f7FC00000;\n\tmov.b64 %fd1, 1.5;\n\tret;\n}\n",
    );
    assert_eq!(k.insts[0].src[0], Operand::Imm(0x3F80_0000));
    assert_eq!(k.insts[1].src[0], Operand::Imm(1.0f64.to_bits()));
    assert_eq!(k.insts[2].src[0], Operand::Imm(0x4010_0000_0000_0000));
    assert_eq!(k.insts[3].src[1], Operand::Imm(1.0f32.to_bits() as u64));
    assert_eq!(k.insts[4].src[1], Operand::Imm(0.5f32.to_bits() as u64));
    assert_eq!(k.insts[4].mods.cmp, Some(CmpOp::Lt));
    assert_eq!(k.insts[5].src[0], Operand::Imm(2.0f32.to_bits() as u64));
    assert_eq!(k.insts[6].ty, ScalarType::F64);
    assert_eq!(k.insts[6].ty2, Some(ScalarType::S32));
    assert_eq!(k.insts[6].mods.round, Some(Rounding::Rn));
    assert_eq!(k.insts[6].src[0], Operand::Imm(3));
    assert_eq!(k.insts[7].src[0], Operand::Imm(0x7FC0_0000));
    assert_eq!(k.insts[8].src[0], Operand::Imm(1.5f64.to_bits()));
}

#[test]
fn predication_labels_and_branches() {
    let k = kernel(
        ".visible .entry k()\n{\n\t.reg .pred %p<3>;\n\t.reg .b32 %r<3>;\n$L__BB0_1:\n\tsetp.ge.s32 %p1, %r1, %r2;\n\t@%p1 bra \t$L__BB0_3;\n\t@!%p2 bra $L__BB0_1;\n\tbra.uni $L__BB0_3;\n$L__BB0_3:\n\tret;\n}\n",
    );
    assert_eq!(k.insts[0].mods.cmp, Some(CmpOp::Ge));
    assert_eq!(k.insts[0].dst[0], Operand::Reg(1));
    let bra = &k.insts[1];
    assert_eq!(bra.op, Opcode::Bra);
    assert_eq!(bra.guard, Some((1, false)));
    assert_eq!(bra.src[0], Operand::Label(4));
    assert_eq!(k.insts[2].guard, Some((2, true)));
    assert_eq!(k.insts[2].src[0], Operand::Label(0));
    assert!(k.insts[3].mods.flags.has(Flags::UNI));
    assert_eq!(k.insts[3].guard, None);
    assert_eq!(k.insts[3].src[0], Operand::Label(4));
}

#[test]
fn label_at_the_end_points_past_the_last_instruction() {
    let k = kernel(".visible .entry k()\n{\n\tbra.uni END;\nEND:\n}\n");
    assert_eq!(k.insts[0].src[0], Operand::Label(1));
}

#[test]
fn module_and_function_scope_variables() {
    let m = read(
        ".shared .align 8 .b8 cache[1024];\n.extern .shared .align 16 .b8 dyn[];\n.const .align 4 .b32 table[3] = {1, -2, 0x10};\n.global .align 4 .f32 scale = 0f40000000;\n.global .align 1 .b8 msg[4] = {104, 105};\n.visible .entry k()\n{\n\t.local .align 8 .b8 \t__local_depot0[16];\n\t.shared .align 4 .f32 demoted;\n\t.reg .b64 %rd<4>;\n\tmov.u64 %rd1, cache;\n\tmov.u64 %rd2, __local_depot0;\n\tld.shared.f32 %rd3, [demoted];\n\tst.shared.b64 [cache+8], %rd1;\n\tld.const.u32 %rd3, [table+4];\n\tret;\n}\n",
    );
    assert_eq!(m.globals.len(), 5);
    let g = &m.globals;
    assert_eq!(
        (g[0].space, g[0].size, g[0].align),
        (Space::Shared, Some(1024), 8)
    );
    assert!(g[1].is_extern);
    assert_eq!(g[1].size, None);
    assert_eq!(g[2].space, Space::Const);
    assert_eq!(
        g[2].init,
        vec![1, 0, 0, 0, 0xfe, 0xff, 0xff, 0xff, 0x10, 0, 0, 0]
    );
    assert_eq!(g[3].init, 2.0f32.to_le_bytes().to_vec());
    assert_eq!(g[4].init, vec![104, 105, 0, 0]);
    let k = &m.kernels[0];
    assert_eq!(k.locals.len(), 2);
    assert_eq!(
        (k.locals[0].space, k.locals[0].size),
        (Space::Local, Some(16))
    );
    assert_eq!(
        (k.locals[1].space, k.locals[1].size),
        (Space::Shared, Some(4))
    );
    assert_eq!(k.insts[0].src[0], Operand::Sym(SymRef::Global(0)));
    assert_eq!(k.insts[1].src[0], Operand::Sym(SymRef::Local(0)));
    assert_eq!(
        k.insts[2].src[0],
        Operand::Addr {
            base: AddrBase::Sym(SymRef::Local(1)),
            offset: 0
        }
    );
    assert_eq!(
        k.insts[3].src[0],
        Operand::Addr {
            base: AddrBase::Sym(SymRef::Global(0)),
            offset: 8
        }
    );
    assert_eq!(k.insts[3].src[1], Operand::Reg(1));
    assert_eq!(
        k.insts[4].src[0],
        Operand::Addr {
            base: AddrBase::Sym(SymRef::Global(2)),
            offset: 4
        }
    );
}

#[test]
fn addresses_with_offsets() {
    let k = kernel(
        ".visible .entry k()\n{\n\t.reg .b64 %rd<3>;\n\t.reg .b32 %r<2>;\n\tld.global.u32 %r1, [%rd1];\n\tld.global.u32 %r1, [%rd1+16];\n\tld.global.u32 %r1, [%rd1+-4];\n\tld.global.u32 %r1, [%rd1-8];\n\tld.global.u32 %r1, [1024];\n\tret;\n}\n",
    );
    let off = |i: usize| match &k.insts[i].src[0] {
        Operand::Addr { base, offset } => (*base, *offset),
        other => panic!("not an address: {other:?}"),
    };
    assert_eq!(off(0), (AddrBase::Reg(1), 0));
    assert_eq!(off(1), (AddrBase::Reg(1), 16));
    assert_eq!(off(2), (AddrBase::Reg(1), -4));
    assert_eq!(off(3), (AddrBase::Reg(1), -8));
    assert_eq!(off(4), (AddrBase::Absolute, 1024));
}

#[test]
fn vector_loads_and_stores() {
    let k = kernel(
        ".visible .entry k()\n{\n\t.reg .b32 %f<5>;\n\t.reg .b64 %rd<2>;\n\tld.global.nc.v4.f32 {%f1, %f2, %f3, %f4}, [%rd1];\n\tst.global.v2.f32 [%rd1+8], {%f1, %f2};\n\tret;\n}\n",
    );
    let ld = &k.insts[0];
    assert_eq!(ld.mods.vec, 4);
    assert!(ld.mods.flags.has(Flags::NC));
    assert_eq!(
        ld.dst[0],
        Operand::Vector([1, 2, 3, 4].into_iter().collect())
    );
    let st = &k.insts[1];
    assert_eq!(st.mods.vec, 2);
    assert_eq!(st.dst[0], Operand::None);
    assert_eq!(st.src[1], Operand::Vector([1, 2].into_iter().collect()));
}

#[test]
fn warp_collectives_atomics_and_barriers() {
    let k = kernel(
        ".visible .entry k()\n{\n\t.reg .pred %p<3>;\n\t.reg .b32 %r<5>;\n\t.reg .b64 %rd<2>;\n\tvote.sync.ballot.b32 %r1, %p1, -1;\n\tvote.sync.all.pred %p2, %p1, %r2;\n\tshfl.sync.down.b32 %r1|%p2, %r2, 16, 31, -1;\n\tshfl.sync.bfly.b32 %r1, %r2, 1, 31, -1;\n\tatom.global.add.u32 %r3, [%rd1], 1;\n\tatom.shared.cas.b32 %r3, [%rd1], %r1, %r2;\n\tred.global.max.u32 [%rd1+4], %r4;\n\tbar.sync 0;\n\tbarrier.sync.aligned 1, %r2;\n\tmembar.gl;\n\tfence.acq_rel.gpu;\n\tactivemask.b32 %r4;\n\tret;\n}\n",
    );
    let i = &k.insts;
    assert_eq!(i[0].mods.vote, Some(VoteMode::Ballot));
    assert!(i[0].mods.flags.has(Flags::SYNC));
    assert_eq!(i[0].src[1], Operand::Imm(u64::MAX));
    assert_eq!(
        (i[1].mods.vote, i[1].ty),
        (Some(VoteMode::All), ScalarType::Pred)
    );
    assert_eq!(i[2].mods.shfl, Some(ShflMode::Down));
    assert_eq!(i[2].dst, [Operand::Reg(4), Operand::Reg(2)]);
    assert_eq!(i[2].src.len(), 4);
    assert_eq!(i[3].mods.shfl, Some(ShflMode::Bfly));
    assert_eq!(i[3].dst[1], Operand::None);
    assert_eq!(
        (i[4].mods.atom, i[4].mods.space),
        (Some(AtomOp::Add), Some(Space::Global))
    );
    assert_eq!(i[4].src[1], Operand::Imm(1));
    assert_eq!(i[5].mods.atom, Some(AtomOp::Cas));
    assert_eq!(i[5].src.len(), 3);
    assert_eq!((i[6].op, i[6].mods.atom), (Opcode::Red, Some(AtomOp::Max)));
    assert_eq!(i[6].dst[0], Operand::None);
    assert_eq!(i[6].src.len(), 2);
    assert_eq!(
        (i[7].op, i[7].src[0].clone()),
        (Opcode::Bar, Operand::Imm(0))
    );
    assert!(i[7].mods.flags.has(Flags::SYNC));
    assert_eq!(i[8].op, Opcode::Barrier);
    assert_eq!(i[8].src.len(), 2);
    assert_eq!(
        (i[9].op, i[9].mods.scope),
        (Opcode::Membar, Some(Scope::Gpu))
    );
    assert!(i[10].mods.flags.has(Flags::ACQ_REL));
    assert_eq!(i[11].dst[0], Operand::Reg(7));
}

#[test]
fn call_sequences_scope_their_params() {
    let m = read(
        ".func (.param .b32 func_retval0) sq(\n\t.param .b32 sq_param_0\n);\n.visible .entry k()\n{\n\t.reg .b32 %r<4>;\n\t{ // callseq 0\n\t.param .b32 param0;\n\tst.param.b32 [param0], %r1;\n\t.param .b32 retval0;\n\tcall.uni (retval0), sq, (param0);\n\tld.param.b32 %r2, [retval0];\n\t} // callseq 0\n\t{\n\t.param .b32 param0;\n\tst.param.b32 [param0], %r2;\n\tcall.uni sq, (param0);\n\t}\n\tret;\n}\n.func (.param .b32 func_retval0) sq(\n\t.param .b32 sq_param_0\n)\n{\n\t.reg .b32 %r<3>;\n\tld.param.b32 %r1, [sq_param_0];\n\tmul.lo.s32 %r2, %r1, %r1;\n\tst.param.b32 [func_retval0], %r2;\n\tret;\n}\n",
    );
    assert_eq!(m.funcs.len(), 1);
    let f = &m.funcs[0];
    assert!(f.has_body && !f.is_kernel);
    assert_eq!(f.rets.len(), 1);
    assert_eq!(f.insts.len(), 4);
    assert_eq!(
        f.insts[2].src[0],
        Operand::Addr {
            base: AddrBase::Sym(SymRef::Ret(0)),
            offset: 0
        }
    );
    let k = &m.kernels[0];
    assert_eq!(k.locals.len(), 3);
    assert!(k.locals.iter().all(|l| l.space == Space::Param));
    let call = &k.insts[1];
    assert_eq!(call.op, Opcode::Call);
    assert!(call.mods.flags.has(Flags::UNI));
    assert_eq!(call.src[0], Operand::Func(0));
    let local = |i| Operand::Addr {
        base: AddrBase::Sym(SymRef::Local(i)),
        offset: 0,
    };
    assert_eq!(call.src[1], local(0));
    assert_eq!(call.dst[0], local(1));
    assert_eq!(k.insts[2].src[0], local(1));
    // The second block's `param0` is a new variable.
    assert_eq!(k.insts[3].src[0], local(2));
    assert_eq!(k.insts[4].src[1], local(2));
    assert_eq!(k.insts[4].dst[0], Operand::None);
}

#[test]
fn loc_and_file_directives() {
    let m = read(
        "\t.file\t1 \"examples/dot.cu\"\n.visible .entry k()\n{\n\t.reg .b32 %r<2>;\n\tmov.u32 %r1, 0;\n\t.loc\t1 22 17\n\tadd.s32 %r1, %r1, 1;\n\t.loc 1 23 3, function_name $L__info_string0, inlined_at 1 5 7\n\t// comment\n\t/* block\n comment */ ret;\n}\n",
    );
    assert_eq!(m.files, vec![(1, "examples/dot.cu".to_string())]);
    let k = &m.kernels[0];
    assert_eq!(k.locs, vec![None, Some((1, 22, 17)), Some((1, 23, 3))]);
    assert_eq!(k.line_of, vec![8, 10, 14]);
}

#[test]
fn pragmas_and_kernel_attributes_are_accepted() {
    let k = kernel(
        ".visible .entry k()\n.reqntid 32, 1, 1\n.minnctapersm 2\n{\n\t.reg .b32 %r<2>;\n$L__BB0_1:\n\t.pragma \"nounroll\";\n\tadd.s32 %r1, %r1, 1;\n\tbra.uni $L__BB0_1;\n}\n",
    );
    assert_eq!(k.reqntid, Some([32, 1, 1]));
    assert_eq!(k.insts.len(), 2);
}

#[test]
fn extern_functions_and_prototypes() {
    let m =
        read(".extern .func (.param .b32 func_retval0) vprintf(.param .b64 a, .param .b64 b);\n");
    assert_eq!(m.funcs.len(), 1);
    assert!(!m.funcs[0].has_body);
    assert_eq!(m.funcs[0].params.len(), 2);
}

#[test]
fn cvt_and_set_take_two_types() {
    let k = kernel(
        ".visible .entry k()\n{\n\t.reg .b32 %r<3>;\n\t.reg .b64 %rd<2>;\n\t.reg .b16 %rs<2>;\n\tcvt.rzi.s32.f32 %r1, %r2;\n\tcvt.u64.u32 %rd1, %r1;\n\tcvt.u16.u32 %rs1, %r1;\n\tsetp.ne.and.s32 %p1, %r1, 0, %p2;\n\tret;\n}\n"
            .replace("\t.reg .b16", "\t.reg .pred %p<3>;\n\t.reg .b16")
            .as_str(),
    );
    assert_eq!(
        (k.insts[0].ty, k.insts[0].ty2),
        (ScalarType::S32, Some(ScalarType::F32))
    );
    assert_eq!(k.insts[0].mods.round, Some(Rounding::Rzi));
    assert_eq!(
        (k.insts[1].ty, k.insts[1].ty2),
        (ScalarType::U64, Some(ScalarType::U32))
    );
    assert_eq!(k.insts[3].mods.bool_op, Some(BoolOp::And));
    assert_eq!(k.insts[3].src.len(), 3);
}

#[test]
fn jump_tables() {
    let k = kernel(
        ".visible .entry k()\n{\n\t.reg .b32 %r<2>;\n\t$L_brx_0: .branchtargets\n\t\tA,\n\t\tB,\n\t\tA;\n\tbrx.idx \t%r1, $L_brx_0;\nA:\n\tret;\nB:\n\tadd.s32 %r1, %r1, 1;\n\tret;\n}\n",
    );
    let brx = &k.insts[0];
    assert_eq!(brx.op, Opcode::Brx);
    assert_eq!(
        brx.src.as_slice(),
        &[
            Operand::Reg(1),
            Operand::Label(1),
            Operand::Label(2),
            Operand::Label(1)
        ]
    );
}
