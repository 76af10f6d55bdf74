//! The stored form of operations, blocks, regions and values.
//!
//! Invariants, maintained by the context's primitive mutations (the only code
//! that writes these fields):
//! - An op is in at most one block; `parent`, `prev` and `next` describe that
//!   block's doubly linked op list, whose ends are `BlockData::first/last`.
//! - A block is in at most one region, listed once in `RegionData::blocks`.
//! - A region belongs to exactly one op (`parent`), listed in its `regions`.
//! - For every operand slot `op.operands[i] == v`, `v.uses` holds exactly one
//!   `Use { op, index: i }`, and nothing else is in `v.uses`.
//! - For every successor slot `op.successors[i] == b`, `b.preds` holds exactly
//!   one `Use { op, index: i }`.
//! - `op.attrs` is sorted by attribute name (string order, as MLIR's
//!   dictionaries) with unique names.

use crate::attrs::AttrId;
use crate::location::LocId;
use crate::opdef::OpDef;
use crate::types::TypeId;
use crate::uniquer::Sym;
use smallvec::SmallVec;

crate::entity::entity!(
    /// An operation.
    OpId,
    "op"
);
crate::entity::entity!(
    /// A basic block.
    BlockId,
    "bb"
);
crate::entity::entity!(
    /// A region: a list of blocks owned by an op.
    RegionId,
    "r"
);
crate::entity::entity!(
    /// An SSA value: an op result or a block argument.
    ValueId,
    "v"
);
crate::entity::impl_key!(OpId, BlockId, RegionId, ValueId);

/// Where a value comes from.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum ValueDef {
    Result { op: OpId, index: u32 },
    BlockArg { block: BlockId, index: u32 },
}

/// One use of a value (operand slot) or of a block (successor slot).
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub struct Use {
    pub op: OpId,
    pub index: u32,
}

/// An op's name, resolved once against the registry. Unregistered ops have
/// no definition and are only allowed where the user asked for them.
#[derive(Copy, Clone)]
pub struct OpName {
    pub sym: Sym,
    pub def: Option<&'static OpDef>,
}

impl std::fmt::Debug for OpName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "OpName({:?}, registered: {})",
            self.sym,
            self.def.is_some()
        )
    }
}

impl PartialEq for OpName {
    fn eq(&self, o: &Self) -> bool {
        self.sym == o.sym
    }
}
impl Eq for OpName {}

#[derive(Clone, Debug)]
pub struct ValueData {
    pub(crate) ty: TypeId,
    pub(crate) def: ValueDef,
    pub(crate) uses: SmallVec<[Use; 2]>,
    /// Block arguments carry their own location; results use their op's.
    pub(crate) loc: Option<LocId>,
}

/// The inline capacities of the small vectors are as large as they can be
/// without growing them: 16 bytes, the size of their heap pointer and length.
#[derive(Clone, Debug)]
pub struct OpData {
    pub(crate) name: OpName,
    pub(crate) operands: SmallVec<[ValueId; 4]>,
    pub(crate) results: SmallVec<[ValueId; 4]>,
    pub(crate) successors: SmallVec<[BlockId; 4]>,
    pub(crate) regions: SmallVec<[RegionId; 4]>,
    pub(crate) attrs: SmallVec<[(Sym, AttrId); 2]>,
    /// Properties of an unregistered op (`<{...}>`), kept apart so that
    /// its generic form prints back unchanged. Registered ops keep their
    /// inherent attributes in `attrs`.
    pub(crate) opaque_props: Option<AttrId>,
    pub(crate) loc: LocId,
    pub(crate) parent: Option<BlockId>,
    pub(crate) prev: Option<OpId>,
    pub(crate) next: Option<OpId>,
}

#[derive(Clone, Debug, Default)]
pub struct BlockData {
    pub(crate) args: SmallVec<[ValueId; 4]>,
    pub(crate) parent: Option<RegionId>,
    pub(crate) first: Option<OpId>,
    pub(crate) last: Option<OpId>,
    pub(crate) preds: SmallVec<[Use; 2]>,
}

#[derive(Clone, Debug, Default)]
pub struct RegionData {
    pub(crate) blocks: Vec<BlockId>,
    pub(crate) parent: Option<OpId>,
}
