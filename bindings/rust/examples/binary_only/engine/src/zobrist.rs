//! The engine's random numbers, SplitMix64 from a fixed seed, drawn at compile time.

pub struct Keys {
    pub pieces: [[u64; 64]; 12], // by piece (board::piece_index) and square a1 = 0 .. h8 = 63
    pub castling: [u64; 4],      // White O-O, White O-O-O, Black O-O, Black O-O-O
    pub en_passant: [u64; 8],    // by file, whenever a double push left a square
    pub black_to_move: u64,
}

const fn split_mix(n: u64) -> u64 {
    let mut z = 0x6269_6E61_7279_2121u64.wrapping_add((n + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

const fn make_keys() -> Keys {
    let mut keys =
        Keys { pieces: [[0; 64]; 12], castling: [0; 4], en_passant: [0; 8], black_to_move: 0 };
    let mut n = 0;
    while n < 12 * 64 {
        keys.pieces[(n / 64) as usize][(n % 64) as usize] = split_mix(n);
        n += 1;
    }
    let mut i = 0;
    while i < 4 {
        keys.castling[i] = split_mix(n + i as u64);
        i += 1;
    }
    let mut file = 0;
    while file < 8 {
        keys.en_passant[file] = split_mix(n + 4 + file as u64);
        file += 1;
    }
    keys.black_to_move = split_mix(n + 12);
    keys
}

pub static KEYS: Keys = make_keys();
