//! `OperationState`: everything needed to create an op, gathered before the
//! op exists (by the parser, the builder, or a custom format hook).

use crate::attrs::AttrId;
use crate::ir::{BlockId, OpName, RegionId, ValueId};
use crate::location::LocId;
use crate::types::TypeId;
use crate::uniquer::Sym;
use smallvec::SmallVec;

#[derive(Clone, Debug)]
pub struct OperationState {
    pub name: OpName,
    pub loc: LocId,
    pub operands: SmallVec<[ValueId; 4]>,
    pub result_types: SmallVec<[TypeId; 2]>,
    pub successors: SmallVec<[BlockId; 2]>,
    /// Unsorted; the context sorts and deduplicates on creation (last wins).
    pub attrs: Vec<(Sym, AttrId)>,
    /// Detached regions the new op adopts, in order.
    pub regions: Vec<RegionId>,
    /// `<{...}>` of an unregistered op.
    pub opaque_props: Option<AttrId>,
}

impl OperationState {
    pub fn new(name: OpName, loc: LocId) -> Self {
        OperationState {
            name,
            loc,
            operands: SmallVec::new(),
            result_types: SmallVec::new(),
            successors: SmallVec::new(),
            attrs: Vec::new(),
            regions: Vec::new(),
            opaque_props: None,
        }
    }

    pub fn add_attr(&mut self, name: Sym, value: AttrId) {
        self.attrs.push((name, value));
    }

    pub fn operands(mut self, v: &[ValueId]) -> Self {
        self.operands.extend_from_slice(v);
        self
    }
    pub fn results(mut self, t: &[TypeId]) -> Self {
        self.result_types.extend_from_slice(t);
        self
    }
    pub fn attr(mut self, name: Sym, value: AttrId) -> Self {
        self.attrs.push((name, value));
        self
    }
    pub fn successors(mut self, b: &[BlockId]) -> Self {
        self.successors.extend_from_slice(b);
        self
    }
    pub fn regions(mut self, r: &[RegionId]) -> Self {
        self.regions.extend_from_slice(r);
        self
    }
}
