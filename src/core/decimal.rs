//! Reads decimal text as the nearest `f64`, as `str::parse::<f64>` does,
//! in a fraction of the code size.
//!
//! The standard parser carries a 10 KB table of powers of five for its fast
//! paths; in the page's wasm that table and its code cost about 12 KB of
//! the gzip download, more than the whole policy form. Fields hold short
//! numbers, so this reader takes Clinger's exact fast path for them
//! (at most 15 significant digits and a power of ten up to 10^22, both
//! exact in `f64`, and one correctly rounded IEEE operation) and falls back
//! to exact big-integer division for everything else. `tests/decimal.rs`
//! checks it against the standard parser bit for bit, halfway cases
//! included. The two part only on texts of tens of thousands of characters
//! whose written exponent and digit count nearly cancel (`0.000…01e1000001`
//! with a million zeros): the standard parser stops counting past an
//! exponent of about 65,000, this one stays exact.
//!
//! The grammar is the standard one: an optional sign, digits with an
//! optional point (at least one digit), an optional exponent (`e` or `E`,
//! an optional sign, digits), or `inf`, `infinity` or `nan` in any case.

/// The text with its thousands commas taken out (`30,000` → `30000`), as
/// people type counts and delays; `None` when a comma is not where a
/// thousands comma goes (`30,00`, `,000`, `1.000,5`). Text without a comma
/// comes back as it is.
pub fn ungroup(text: &str) -> Option<std::borrow::Cow<'_, str>> {
    let text = text.trim();
    if !text.contains(',') {
        return Some(text.into());
    }
    let bytes = text.as_bytes();
    let sign = usize::from(matches!(bytes.first(), Some(b'+' | b'-')));
    let end = sign
        + bytes[sign..]
            .iter()
            .take_while(|b| b.is_ascii_digit() || **b == b',')
            .count();
    let whole = &bytes[sign..end];
    // A comma every fourth place from the end of the whole part, and none
    // after it.
    let grouped = whole
        .iter()
        .enumerate()
        .all(|(i, &b)| (b == b',') == (i > 0 && (whole.len() - i).is_multiple_of(4)));
    if !grouped || bytes[end..].contains(&b',') {
        return None;
    }
    Some(
        text.chars()
            .filter(|&c| c != ',')
            .collect::<String>()
            .into(),
    )
}

/// Reads `text` as the nearest `f64` (ties to even); `None` when it is not
/// a number in the grammar above. No trimming: `" 1"` is refused.
pub fn parse_f64(text: &str) -> Option<f64> {
    // `strip_prefix`, not `&text[1..]`: see `presets::note_parts`.
    let (negative, rest) = match (text.strip_prefix('-'), text.strip_prefix('+')) {
        (Some(rest), _) => (true, rest),
        (None, Some(rest)) => (false, rest),
        (None, None) => (false, text),
    };
    let word = |w: &str| rest.eq_ignore_ascii_case(w);
    let value = if word("inf") || word("infinity") {
        f64::INFINITY
    } else if word("nan") {
        f64::NAN
    } else {
        let (digits, exponent) = scan(rest.as_bytes())?;
        nearest(&digits, exponent)
    };
    Some(if negative { -value } else { value })
}

/// At most this many significant digits are kept: a later nonzero digit
/// only ever breaks a tie, and 768 digits are enough to tell any two `f64`
/// halfway points apart, so the rest is folded into one sticky digit.
const MAX_DIGITS: usize = 800;

/// Splits a number into its significant digits (values 0–9, no leading
/// zeros) and the power of ten of the last one, or `None` on bad syntax.
fn scan(text: &[u8]) -> Option<(Vec<u8>, i64)> {
    let mut digits = Vec::new();
    let mut exponent: i64 = 0;
    let mut seen_digit = false;
    let mut sticky = false;
    let mut i = 0;
    let mut in_fraction = false;
    while i < text.len() {
        match text[i] {
            c @ b'0'..=b'9' => {
                seen_digit = true;
                let d = c - b'0';
                if digits.len() < MAX_DIGITS {
                    if !(digits.is_empty() && d == 0) {
                        digits.push(d);
                    }
                    if in_fraction {
                        exponent -= 1;
                    }
                } else {
                    // Digits past the kept ones: only whether one is nonzero.
                    sticky |= d != 0;
                    if !in_fraction {
                        exponent += 1;
                    }
                }
            }
            b'.' if !in_fraction => in_fraction = true,
            b'e' | b'E' => break,
            _ => return None,
        }
        i += 1;
    }
    if !seen_digit {
        return None;
    }
    if i < text.len() {
        exponent = exponent.saturating_add(scan_exponent(&text[i + 1..])?);
    }
    if sticky {
        // One more digit, nonzero, stands for the dropped tail.
        digits.push(1);
        exponent = exponent.saturating_sub(1);
    }
    Some((digits, exponent))
}

/// The exponent after `e`: an optional sign and at least one digit; a
/// huge one saturates, which still reads as infinity or zero.
fn scan_exponent(text: &[u8]) -> Option<i64> {
    let (negative, digits) = match text.first() {
        Some(b'-') => (true, &text[1..]),
        Some(b'+') => (false, &text[1..]),
        _ => (false, text),
    };
    if digits.is_empty() {
        return None;
    }
    let mut value: i64 = 0;
    for &c in digits {
        if !c.is_ascii_digit() {
            return None;
        }
        value = value.saturating_mul(10).saturating_add(i64::from(c - b'0'));
    }
    Some(if negative { -value } else { value })
}

/// Exact powers of ten in `f64`: every one up to 10^22 is.
const POW10: [f64; 23] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
];

/// The `f64` nearest to `digits × 10^exponent`, ties to even.
fn nearest(digits: &[u8], exponent: i64) -> f64 {
    // Strip trailing zeros into the exponent: `1000` is 1 × 10^3.
    let len = digits.iter().rposition(|&d| d != 0).map_or(0, |i| i + 1);
    if len == 0 {
        return 0.0;
    }
    let exponent = exponent.saturating_add((digits.len() - len) as i64);
    let digits = &digits[..len];
    // The power of ten of the leading digit decides the extremes at once:
    // f64 ends near 1.8e308, and below 2.5e-324 everything rounds to zero.
    let lead = exponent.saturating_add(len as i64 - 1);
    if lead > 309 {
        return f64::INFINITY;
    }
    if lead < -325 {
        return 0.0;
    }
    if len <= 15 && (-22..=22).contains(&exponent) {
        let mantissa = digits.iter().fold(0u64, |m, &d| m * 10 + u64::from(d)) as f64;
        let scale = POW10[exponent.unsigned_abs() as usize];
        return if exponent < 0 {
            mantissa / scale
        } else {
            mantissa * scale
        };
    }
    slow(digits, exponent as i32)
}

/// Exact conversion: the value is `num / den` with both whole, and the
/// result is `q × 2^-s` with `q` the rounded quotient of `num × 2^s / den`.
fn slow(digits: &[u8], exponent: i32) -> f64 {
    let mut num = Big::from_digits(digits);
    let mut den = Big::one();
    if exponent >= 0 {
        num.mul_pow10(exponent as u32);
    } else {
        den.mul_pow10(exponent.unsigned_abs());
    }
    // Choose s so that the quotient lands in [2^52, 2^53): a full 53-bit
    // significand. Bit lengths put it within a factor of two.
    let mut s = 52 - (num.bits() as i32 - den.bits() as i32);
    let (mut q, mut rest, mut divisor) = divide(&num, &den, s);
    if q < 1 << 52 {
        s += 1;
        (q, rest, divisor) = divide(&num, &den, s);
    }
    // Below the smallest normal the significand loses bits instead.
    if s > 1074 {
        s = 1074;
        (q, rest, divisor) = divide(&num, &den, s);
    }
    // Round to nearest, ties to even, on the exact remainder.
    rest.shl(1);
    match rest.cmp(&divisor) {
        std::cmp::Ordering::Greater => q += 1,
        std::cmp::Ordering::Equal if q & 1 == 1 => q += 1,
        _ => {}
    }
    // q × 2^-s: with q in [2^52, 2^53] the biased exponent is 1075 - s and
    // the hidden bit adds one to it, so the bits are ((1074 - s) << 52) + q;
    // the same sum gives subnormals (s = 1074) and a carry out of rounding.
    let high = 1074 - i64::from(s);
    if high >= 2046 {
        return f64::INFINITY;
    }
    f64::from_bits(((high as u64) << 52) + q)
}

/// `floor(num × 2^s / den)` with its remainder and the divisor it is
/// against, for a quotient known to be below 2^54.
fn divide(num: &Big, den: &Big, s: i32) -> (u64, Big, Big) {
    let (mut a, mut b) = (num.clone(), den.clone());
    if s >= 0 {
        a.shl(s as u32);
    } else {
        b.shl(s.unsigned_abs());
    }
    let mut q = 0u64;
    for bit in (0..55).rev() {
        let mut shifted = b.clone();
        shifted.shl(bit);
        if a.cmp(&shifted) != std::cmp::Ordering::Less {
            a.sub(&shifted);
            q |= 1 << bit;
        }
    }
    (q, a, b)
}

/// A non-negative whole number in base 2^32, least significant limb first,
/// with no high zero limbs.
#[derive(Clone, Debug)]
struct Big(Vec<u32>);

impl Big {
    fn one() -> Big {
        Big(vec![1])
    }

    fn from_digits(digits: &[u8]) -> Big {
        let mut big = Big(Vec::new());
        for &d in digits {
            big.mul_add(10, u32::from(d));
        }
        big
    }

    /// self × m + a.
    fn mul_add(&mut self, m: u32, a: u32) {
        let mut carry = u64::from(a);
        for limb in &mut self.0 {
            let v = u64::from(*limb) * u64::from(m) + carry;
            *limb = v as u32;
            carry = v >> 32;
        }
        if carry > 0 {
            self.0.push(carry as u32);
        }
    }

    fn mul_pow10(&mut self, mut n: u32) {
        while n > 0 {
            let step = n.min(9);
            self.mul_add(10u32.pow(step), 0);
            n -= step;
        }
    }

    fn bits(&self) -> u32 {
        match self.0.last() {
            Some(&top) => 32 * (self.0.len() as u32 - 1) + (32 - top.leading_zeros()),
            None => 0,
        }
    }

    fn shl(&mut self, n: u32) {
        let (limbs, bits) = ((n / 32) as usize, n % 32);
        if bits > 0 {
            let mut carry = 0u32;
            for limb in &mut self.0 {
                let v = *limb;
                *limb = (v << bits) | carry;
                carry = v >> (32 - bits);
            }
            if carry > 0 {
                self.0.push(carry);
            }
        }
        self.0.splice(0..0, std::iter::repeat_n(0, limbs));
        self.trim();
    }

    /// self − other, for other ≤ self.
    fn sub(&mut self, other: &Big) {
        let mut borrow = 0i64;
        for (i, limb) in self.0.iter_mut().enumerate() {
            let v = i64::from(*limb) - i64::from(other.0.get(i).copied().unwrap_or(0)) - borrow;
            borrow = i64::from(v < 0);
            *limb = v.rem_euclid(1 << 32) as u32;
        }
        self.trim();
    }

    fn trim(&mut self) {
        while self.0.last() == Some(&0) {
            self.0.pop();
        }
    }

    fn cmp(&self, other: &Big) -> std::cmp::Ordering {
        self.0
            .len()
            .cmp(&other.0.len())
            .then_with(|| self.0.iter().rev().cmp(other.0.iter().rev()))
    }
}
