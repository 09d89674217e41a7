//! dogma-compiler
