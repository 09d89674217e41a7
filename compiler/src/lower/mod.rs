//! The back ends' lowering of the checked IR: bytecode for the runtime's VM (`bytecode`), its
//! readable disassembly (`disasm`), and native Rust code for the same chunks (`rust`).

pub mod bytecode;
pub mod disasm;
pub mod rust;

pub use bytecode::{compile_edition, LowerError};
pub use disasm::{disassemble, disassemble_chunks};
