//! The C ABI of `zobrist_verify/plugin.h`, versions 1 and 2, mirrored field for field. The
//! layout must match the header exactly: the loader reads these structs through the C
//! definitions. The sizes and offsets of plugin.h on LP64 are checked at compile time below.

use std::os::raw::{c_char, c_int};

/// `ZV_PLUGIN_ABI_VERSION` of plugin.h: a `zv_plugin` table alone.
pub const ABI_VERSION: u32 = 1;
/// `ZV_PLUGIN_ABI_VERSION_2`: a `zv_plugin_v2` table, with auxiliary keys.
pub const ABI_VERSION_2: u32 = 2;

/// `ZV_WHITE` and `ZV_BLACK`: the indices of `ZvAuxKey::pieces`.
pub const WHITE: usize = 0;
pub const BLACK: usize = 1;

/// `ZV_PIECE_*`: the piece-type bits of `ZvAuxKey::pieces[colour]`.
pub const PIECE_PAWN: u16 = 0x01;
pub const PIECE_KNIGHT: u16 = 0x02;
pub const PIECE_BISHOP: u16 = 0x04;
pub const PIECE_ROOK: u16 = 0x08;
pub const PIECE_QUEEN: u16 = 0x10;
pub const PIECE_KING: u16 = 0x20;
/// `ZV_PIECES_ALL`: every piece type.
pub const PIECES_ALL: u16 = 0x3f;
/// `ZV_PIECES_NON_PAWN`: knight to king.
pub const PIECES_NON_PAWN: u16 = 0x3e;

/// `ZV_AUX_*`: the bits of `ZvAuxKey::flags`, the parts besides pieces a key may depend on.
pub const AUX_SIDE_TO_MOVE: u32 = 0x1;
pub const AUX_CASTLING: u32 = 0x2;
/// The en-passant term, under the plugin's own en-passant rule.
pub const AUX_EN_PASSANT: u32 = 0x4;

/// `ZV_AUX_KEY_LIMIT`: at most this many auxiliary keys.
pub const AUX_KEY_LIMIT: u32 = 64;
/// `ZV_AUX_NAME_LIMIT`: names of at most this many bytes.
pub const AUX_NAME_LIMIT: usize = 64;

/// `zv_state`: opaque to the loader, owned by the plugin (here a `State<E>` behind a pointer).
#[repr(C)]
pub struct ZvState {
    _opaque: [u8; 0],
}

/// `zv_plugin`. An `Option<extern "C" fn>` is a nullable function pointer: `None` is C's NULL.
#[repr(C)]
pub struct ZvPlugin {
    pub abi_version: u32,
    pub name: *const c_char,
    pub chess960: u32,
    pub create: Option<extern "C" fn() -> *mut ZvState>,
    pub destroy: Option<extern "C" fn(*mut ZvState)>,
    pub set_fen: Option<extern "C" fn(*mut ZvState, *const c_char) -> c_int>,
    pub make_move: Option<extern "C" fn(*mut ZvState, *const c_char) -> c_int>,
    pub unmake_move: Option<extern "C" fn(*mut ZvState) -> c_int>,
    pub key: Option<extern "C" fn(*const ZvState) -> u64>,
    pub pawn_key: Option<extern "C" fn(*const ZvState) -> u64>,
    pub material_key: Option<extern "C" fn(*const ZvState) -> u64>,
    pub legal_moves: Option<extern "C" fn(*const ZvState, *mut c_char, usize) -> c_int>,
    pub last_error: Option<extern "C" fn(*const ZvState) -> *const c_char>,
    pub null_move: u32,
}

/// `zv_aux_key`: one auxiliary key's declaration (16 bytes on LP64, no padding).
#[repr(C)]
#[derive(Clone, Copy)]
pub struct ZvAuxKey {
    /// NUL-terminated, static for as long as the plugin is loaded.
    pub name: *const c_char,
    /// `pieces[WHITE]`, `pieces[BLACK]`: `PIECE_*` bits.
    pub pieces: [u16; 2],
    /// `AUX_*` bits; 0: pieces only.
    pub flags: u32,
}

/// `zv_plugin_v2`: a `zv_plugin` (`base`, `abi_version` 2), then the auxiliary keys.
/// `zv_plugin_entry` returns `&table.base`.
#[repr(C)]
pub struct ZvPluginV2 {
    pub base: ZvPlugin,
    pub aux_key_count: u32,
    pub aux_keys: *const ZvAuxKey,
    pub aux_key: Option<extern "C" fn(*const ZvState, u32) -> u64>,
}

/// The layout of plugin.h on LP64 (x86-64, aarch64 Linux), checked when the crate compiles:
/// `const` asserts (Rust 1.57 and later). `offset_of!` is newer than rustc 1.63, so the offsets
/// follow from the sizes: with `#[repr(C)]` each field starts at the previous one's end rounded
/// up to its alignment, and a wrong type or a missing or extra field changes a size.
#[cfg(target_pointer_width = "64")]
mod layout {
    use super::*;
    use std::mem::{align_of, size_of};
    // zv_aux_key: name 0, pieces 8, flags 12; 16 bytes, 8-aligned.
    const _: () = assert!(size_of::<ZvAuxKey>() == 16 && align_of::<ZvAuxKey>() == 8);
    const _: () = assert!(size_of::<[u16; 2]>() == 4);
    // zv_plugin: 2 u32 (each padded to 8), 1 pointer and 10 function pointers, null_move padded.
    const _: () = assert!(size_of::<ZvPlugin>() == 112 && align_of::<ZvPlugin>() == 8);
    // Every nullable function pointer is one pointer wide (the niche of Option<fn>).
    const _: () = assert!(size_of::<Option<extern "C" fn(*const ZvState, u32) -> u64>>() == 8);
    // zv_plugin_v2: base 0..112, aux_key_count 112, aux_keys 120, aux_key 128; 136 bytes.
    const _: () = assert!(size_of::<ZvPluginV2>() == 136 && align_of::<ZvPluginV2>() == 8);
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::mem::MaybeUninit;
    use std::ptr::addr_of;

    fn offset<T, F>(base: &MaybeUninit<T>, field: *const F) -> usize {
        field as usize - base.as_ptr() as usize
    }

    /// The offsets of plugin.h on LP64, field by field.
    #[test]
    #[cfg(target_pointer_width = "64")]
    fn offsets_match_plugin_h() {
        let aux = MaybeUninit::<ZvAuxKey>::uninit();
        let p = aux.as_ptr();
        // SAFETY: addr_of! takes field addresses without reading the uninitialised value.
        unsafe {
            assert_eq!(offset(&aux, addr_of!((*p).name)), 0);
            assert_eq!(offset(&aux, addr_of!((*p).pieces)), 8);
            assert_eq!(offset(&aux, addr_of!((*p).flags)), 12);
        }
        let v1 = MaybeUninit::<ZvPlugin>::uninit();
        let p = v1.as_ptr();
        unsafe {
            assert_eq!(offset(&v1, addr_of!((*p).name)), 8);
            assert_eq!(offset(&v1, addr_of!((*p).chess960)), 16);
            assert_eq!(offset(&v1, addr_of!((*p).create)), 24);
            assert_eq!(offset(&v1, addr_of!((*p).key)), 64);
            assert_eq!(offset(&v1, addr_of!((*p).last_error)), 96);
            assert_eq!(offset(&v1, addr_of!((*p).null_move)), 104);
        }
        let v2 = MaybeUninit::<ZvPluginV2>::uninit();
        let p = v2.as_ptr();
        unsafe {
            assert_eq!(offset(&v2, addr_of!((*p).base)), 0);
            assert_eq!(offset(&v2, addr_of!((*p).aux_key_count)), 112);
            assert_eq!(offset(&v2, addr_of!((*p).aux_keys)), 120);
            assert_eq!(offset(&v2, addr_of!((*p).aux_key)), 128);
        }
    }
}
