//! Assembly format of `builtin.module`: `module [@name] [attributes {...}] { ... }`.

use crate::opdef::AsmFormat;
use crate::parser::{OpAsmParser, PResult};
use crate::printer::OpAsmPrinter;
use crate::state::OperationState;

pub const MODULE_FORMAT: AsmFormat = AsmFormat {
    parse: parse_module,
    print: print_module,
};

fn parse_module(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> PResult<()> {
    if let Some(name) = p.parse_optional_symbol_name()? {
        let a = p.ctx().attr(crate::attrs::AttrData::String(name));
        st.add_attr(p.ctx().sym("sym_name"), a);
    }
    p.parse_optional_attr_dict_with_keyword(&mut st.attrs)?;
    let r = p.rewriter().new_region();
    p.parse_region(r, &[], true)?;
    // An empty module still has its one block.
    if p.ctx().region_blocks(r).is_empty() {
        let mut rw = p.rewriter();
        rw.create_block(r, &[], None);
    }
    st.regions.push(r);
    Ok(())
}

fn print_module(p: &mut OpAsmPrinter<'_>, op: crate::ir::OpId) {
    let ctx = p.ctx();
    if let Some(a) = ctx.attr_of(op, "sym_name")
        && let crate::attrs::AttrData::String(s) = ctx.attr_data(a)
    {
        p.write(" ");
        p.print_symbol_name(*s);
    }
    p.print_optional_attr_dict_with_keyword(op, &["sym_name"]);
    p.write(" ");
    p.print_region(ctx.region(op, 0), false, false);
}
