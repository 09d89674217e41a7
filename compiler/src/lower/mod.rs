//! The back ends' lowering of the checked IR: bytecode for the runtime's VM (`bytecode`), and its
//! readable disassembly (`disasm`). The Rust code generator will live here too.

pub mod bytecode;
pub mod disasm;

pub use bytecode::{compile_edition, LowerError};
pub use disasm::{disassemble, disassemble_chunks};
