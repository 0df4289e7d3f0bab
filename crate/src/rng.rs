//! A tiny seeded generator (xorshift64*), so that every "random" choice of the
//! computer players replays exactly from its seed.

#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// Any seed works, zero included (it is mixed first).
    pub fn new(seed: u64) -> Rng {
        let mut z = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        Rng((z ^ (z >> 31)) | 1)
    }

    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// A number in `0..n` (`n` > 0).
    #[inline]
    pub fn below(&mut self, n: usize) -> usize {
        (((self.next_u64() >> 32) * n as u64) >> 32) as usize
    }

    /// A number in `-amplitude..=amplitude`.
    pub fn symmetric(&mut self, amplitude: i32) -> i32 {
        if amplitude <= 0 {
            return 0;
        }
        self.below(2 * amplitude as usize + 1) as i32 - amplitude
    }
}
