//! Golden values: the exact sleeps the schedule draws for a seed.
//!
//! A share link carries its seed and promises the very sample the page
//! showed, so the sampled delays for a seed must never move: drawing `1 − u`
//! instead of `u`, taking the draws in another order or from another
//! generator stream would change every sample while every range and mean
//! stayed right. These values were written by the code as it stood when
//! they were pinned (each with Rust's `{:?}` text, which reads back to the
//! same `f64`) and are compared bit for bit.
//!
//! If one of these tests fails, links made before the change show another
//! sample than they did. Change the values only if that is intended, and say
//! so in the change.

mod common;

use backoff_calculator::core::policy::{Jitter, Policy, Proportional};
use backoff_calculator::core::schedule::{next_seed, schedule};
use common::modes::{mode_variants, ModeVariant};

/// The seeds pinned: the first two, the page's example, the seed that draws
/// a sample below 10⁻⁶ ms (tests/e2e/features.test.mjs) and the last.
const SEEDS: [u64; 5] = [0, 1, 42, 5140, u64::MAX];

/// The default policy (1 s doubling to a 32 s cap, 5 retries, factors 0.8
/// to 1.2) in each mode: `(mode, seed, sampled delay of retries 1 to 5)`.
/// The cap is never reached by a factor here, so proportional jitter draws
/// the same before and after it.
const DEFAULT_SAMPLES: [(&str, u64, [f64; 5]); 30] = [
    ("none", 0, [1000.0, 2000.0, 4000.0, 8000.0, 16000.0]),
    ("none", 1, [1000.0, 2000.0, 4000.0, 8000.0, 16000.0]),
    ("none", 42, [1000.0, 2000.0, 4000.0, 8000.0, 16000.0]),
    ("none", 5140, [1000.0, 2000.0, 4000.0, 8000.0, 16000.0]),
    ("none", u64::MAX, [1000.0, 2000.0, 4000.0, 8000.0, 16000.0]),
    (
        "full",
        0,
        [
            127.65728561943035,
            695.1056575267061,
            2839.0020933474157,
            311.41609454134664,
            13700.06866299878,
        ],
    ),
    (
        "full",
        1,
        [
            839.8736585259248,
            34.59735007114273,
            455.6068408166665,
            7864.1270504755275,
            14214.324503853057,
        ],
    ),
    (
        "full",
        42,
        [
            226.5125179283135,
            478.21338063719907,
            3043.333642746964,
            4222.717258865213,
            15527.62108385465,
        ],
    ),
    (
        "full",
        5140,
        [
            877.3587198218781,
            884.3985305304031,
            1198.8762221143375,
            1553.4942232227636,
            15145.675926070917,
        ],
    ),
    (
        "full",
        u64::MAX,
        [
            842.0174089912625,
            1481.0961364885732,
            3837.52763052834,
            471.5178410418277,
            15761.449389466456,
        ],
    ),
    (
        "equal",
        0,
        [
            563.8286428097151,
            1347.552828763353,
            3419.5010466737076,
            4155.708047270673,
            14850.03433149939,
        ],
    ),
    (
        "equal",
        1,
        [
            919.9368292629624,
            1017.2986750355714,
            2227.8034204083333,
            7932.063525237763,
            15107.16225192653,
        ],
    ),
    (
        "equal",
        42,
        [
            613.2562589641568,
            1239.1066903185995,
            3521.666821373482,
            6111.358629432607,
            15763.810541927325,
        ],
    ),
    (
        "equal",
        5140,
        [
            938.6793599109391,
            1442.1992652652016,
            2599.4381110571685,
            4776.747111611382,
            15572.837963035458,
        ],
    ),
    (
        "equal",
        u64::MAX,
        [
            921.0087044956313,
            1740.5480682442867,
            3918.7638152641703,
            4235.758920520914,
            15880.724694733228,
        ],
    ),
    (
        "decorrelated",
        0,
        [
            1255.3145712388607,
            1961.311561902412,
            4466.375199123724,
            1482.6609086576216,
            3952.3500059163716,
        ],
    ),
    (
        "decorrelated",
        1,
        [
            2679.7473170518497,
            1121.7695590098012,
            1269.4127034744038,
            3760.5426610444324,
            10134.149786259557,
        ],
    ),
    (
        "decorrelated",
        42,
        [
            1453.025035856627,
            1803.177331502628,
            4354.919266913741,
            7368.257623652335,
            21481.682262564726,
        ],
    ),
    (
        "decorrelated",
        5140,
        [
            2754.7174396437563,
            4212.202818205917,
            4487.713295573972,
            3420.1769771549625,
            9766.062524457677,
        ],
    ),
    (
        "decorrelated",
        u64::MAX,
        [
            2684.034817982525,
            6222.422330427806,
            17949.65630874285,
            4114.90396617274,
            12175.568901660803,
        ],
    ),
    (
        "proportional-before",
        0,
        [
            851.0629142477721,
            1878.0422630106823,
            4335.600837338967,
            6524.566437816538,
            18280.027465199513,
        ],
    ),
    (
        "proportional-before",
        1,
        [
            1135.9494634103698,
            1613.838940028457,
            3382.2427363266665,
            9545.65082019021,
            18485.729801541223,
        ],
    ),
    (
        "proportional-before",
        42,
        [
            890.6050071713254,
            1791.2853522548796,
            4417.333457098785,
            8089.0869035460855,
            19011.04843354186,
        ],
    ),
    (
        "proportional-before",
        5140,
        [
            1150.9434879287512,
            1953.7594122121614,
            3679.550488845735,
            7021.397689289105,
            18858.270370428367,
        ],
    ),
    (
        "proportional-before",
        u64::MAX,
        [
            1136.806963596505,
            2192.438454595429,
            4735.0110522113355,
            6588.607136416731,
            19104.57975578658,
        ],
    ),
    (
        "proportional-after",
        0,
        [
            851.0629142477721,
            1878.0422630106823,
            4335.600837338967,
            6524.566437816538,
            18280.027465199513,
        ],
    ),
    (
        "proportional-after",
        1,
        [
            1135.9494634103698,
            1613.838940028457,
            3382.2427363266665,
            9545.65082019021,
            18485.729801541223,
        ],
    ),
    (
        "proportional-after",
        42,
        [
            890.6050071713254,
            1791.2853522548796,
            4417.333457098785,
            8089.0869035460855,
            19011.04843354186,
        ],
    ),
    (
        "proportional-after",
        5140,
        [
            1150.9434879287512,
            1953.7594122121614,
            3679.550488845735,
            7021.397689289105,
            18858.270370428367,
        ],
    ),
    (
        "proportional-after",
        u64::MAX,
        [
            1136.806963596505,
            2192.438454595429,
            4735.0110522113355,
            6588.607136416731,
            19104.57975578658,
        ],
    ),
];

/// A policy far from the defaults, with 1,000 retries: base 100 ms,
/// multiplier 1.5, cap 20 s, factors 0.5 to 1.5.
const LONG: Policy = Policy {
    base_ms: 100,
    multiplier: 1.5,
    cap_ms: 20_000,
    max_retries: 1_000,
    jitter: Jitter::Full,
    proportional: Proportional {
        lo: 0.5,
        hi: 1.5,
        cap: Proportional::GRPC.cap,
    },
};

/// The retries pinned in [`LONG`]: the first, around the cap (retry 14's
/// backoff is past the cap, retry 15's past it even at the lowest factor),
/// and far out.
const LONG_RETRIES: [usize; 7] = [1, 2, 10, 14, 500, 999, 1_000];

/// [`LONG`] in each mode: `(mode, seed, sampled delay of each of
/// [`LONG_RETRIES`], total of all 1,000 samples)`.
const LONG_SAMPLES: [(&str, u64, [f64; 7], f64); 12] = [
    (
        "none",
        42,
        [
            100.0,
            150.0,
            3844.3359375,
            19461.95068359375,
            20000.0,
            20000.0,
            20000.0,
        ],
        19778185.85205078,
    ),
    (
        "none",
        u64::MAX,
        [
            100.0,
            150.0,
            3844.3359375,
            19461.95068359375,
            20000.0,
            20000.0,
            20000.0,
        ],
        19778185.85205078,
    ),
    (
        "full",
        42,
        [
            22.65125179283135,
            35.86600354778993,
            1425.6986141401724,
            8568.268958770928,
            6560.146425918354,
            2670.144533476857,
            17428.847530544426,
        ],
        9910918.549302898,
    ),
    (
        "full",
        u64::MAX,
        [
            84.20174089912625,
            111.08221023664298,
            2890.2176548658776,
            15372.53446289782,
            15597.450689156376,
            18277.069983843023,
            2418.173123288678,
        ],
        10030136.802940514,
    ),
    (
        "equal",
        42,
        [
            61.32562589641567,
            92.93300177389497,
            2635.017275820086,
            14015.10982118234,
            13280.073212959178,
            11335.072266738429,
            18714.423765272215,
        ],
        14844552.200676853,
    ),
    (
        "equal",
        u64::MAX,
        [
            92.10087044956313,
            130.5411051183215,
            3367.2767961829386,
            17417.242573245785,
            17798.72534457819,
            19138.53499192151,
            11209.086561644339,
        ],
        14904161.327495644,
    ),
    (
        "decorrelated",
        42,
        [
            145.3025035856627,
            180.3177331502628,
            6454.321992063003,
            20000.0,
            1125.241229546584,
            5443.9165479456715,
            14245.034484820206,
        ],
        10111622.84542325,
    ),
    (
        "decorrelated",
        u64::MAX,
        [
            268.4034817982525,
            622.2422330427806,
            670.9482759525288,
            327.0880838282511,
            3161.9875804139333,
            1052.8501641434257,
            469.8052298508124,
        ],
        10121810.915346477,
    ),
    (
        "proportional-before",
        42,
        [
            72.65125179283135,
            110.86600354778993,
            3347.866582890172,
            18299.244300567803,
            16560.146425918356,
            12670.144533476858,
            27428.847530544426,
        ],
        19800011.475328315,
    ),
    (
        "proportional-before",
        u64::MAX,
        [
            134.20174089912626,
            186.082210236643,
            4812.385623615877,
            25103.509804694695,
            25597.450689156376,
            28277.069983843023,
            12418.173123288678,
        ],
        19919229.728965912,
    ),
    (
        "proportional-after",
        42,
        [
            72.65125179283135,
            110.86600354778993,
            3347.866582890172,
            18299.244300567803,
            20000.0,
            20000.0,
            20000.0,
        ],
        19778837.35345398,
    ),
    (
        "proportional-after",
        u64::MAX,
        [
            134.20174089912626,
            186.082210236643,
            4812.385623615877,
            20000.0,
            20000.0,
            20000.0,
            20000.0,
        ],
        19774377.853142366,
    ),
];

/// The decorrelated expected column: the mean of 2,000 simulated runs with
/// the fixed simulation seed, for the default policy (retries 1 to 5) and
/// for [`LONG`] (each of [`LONG_RETRIES`]).
const DEFAULT_DECORRELATED_MEANS: [f64; 5] = [
    2003.0526886801235,
    3576.889363364336,
    5739.6354553491665,
    8904.741322549244,
    12124.857820421965,
];
const LONG_DECORRELATED_MEANS: [f64; 7] = [
    197.15474289327395,
    349.3250887185644,
    5416.788615917497,
    7717.433893103344,
    9905.779859241156,
    9841.328221042895,
    9907.804938125368,
];

/// Re-rolling from `u64::MAX − 1`: each seed in turn, with the full-jitter
/// sample of retry 1 on the default policy.
const REROLLS: [(u64, f64); 5] = [
    (u64::MAX - 1, 279.3390261432216),
    (u64::MAX, 842.0174089912625),
    (0, 127.65728561943035),
    (1, 839.8736585259248),
    (2, 58.79490707684998),
];

/// `base` with the mode's jitter and cap order.
fn in_mode(base: Policy, mode: &ModeVariant) -> Policy {
    Policy {
        jitter: mode.jitter,
        proportional: Proportional {
            cap: mode.cap,
            ..base.proportional
        },
        ..base
    }
}

/// Records a difference unless `got` is `want` to the bit.
fn check(failures: &mut Vec<String>, what: String, got: f64, want: f64) {
    if got.to_bits() != want.to_bits() {
        failures.push(format!("{what}: now {got:?}, pinned {want:?}"));
    }
}

fn assert_none_moved(failures: &[String]) {
    assert!(
        failures.is_empty(),
        "{} pinned values moved (share links would show other samples):\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn default_policy_samples_are_pinned() {
    let mut failures = Vec::new();
    let mut covered = Vec::new();
    for mode in mode_variants() {
        for seed in SEEDS {
            covered.push((mode.name.clone(), seed));
            let Some((_, _, want)) = DEFAULT_SAMPLES
                .iter()
                .find(|(m, s, _)| *m == mode.name && *s == seed)
            else {
                failures.push(format!("{} seed {seed}: not pinned", mode.name));
                continue;
            };
            let s = schedule(&in_mode(Policy::default(), &mode), seed);
            assert_eq!(s.rows.len(), want.len());
            for (row, want) in s.rows.iter().zip(want) {
                let what = format!("{} seed {seed} retry {}", mode.name, row.retry);
                check(&mut failures, what, row.sample_ms, *want);
            }
            let sum = want.iter().sum::<f64>();
            check(
                &mut failures,
                format!("{} seed {seed} total", mode.name),
                s.total_ms,
                sum,
            );
        }
    }
    assert_none_moved(&failures);
    let pinned: Vec<(String, u64)> = DEFAULT_SAMPLES
        .iter()
        .map(|(m, s, _)| (m.to_string(), *s))
        .collect();
    assert_eq!(pinned, covered, "one row per mode and seed, in order");
}

#[test]
fn samples_far_out_are_pinned() {
    let mut failures = Vec::new();
    let mut covered = Vec::new();
    for mode in mode_variants() {
        for seed in [42, u64::MAX] {
            covered.push((mode.name.clone(), seed));
            let Some((_, _, want, total)) = LONG_SAMPLES
                .iter()
                .find(|(m, s, _, _)| *m == mode.name && *s == seed)
            else {
                failures.push(format!("{} seed {seed}: not pinned", mode.name));
                continue;
            };
            let s = schedule(&in_mode(LONG, &mode), seed);
            assert_eq!(s.rows.len(), 1_000);
            for (retry, want) in LONG_RETRIES.iter().zip(want) {
                let what = format!("{} seed {seed} retry {retry}", mode.name);
                check(&mut failures, what, s.rows[retry - 1].sample_ms, *want);
            }
            check(
                &mut failures,
                format!("{} seed {seed} total", mode.name),
                s.total_ms,
                *total,
            );
        }
    }
    assert_none_moved(&failures);
    let pinned: Vec<(String, u64)> = LONG_SAMPLES
        .iter()
        .map(|(m, s, _, _)| (m.to_string(), *s))
        .collect();
    assert_eq!(pinned, covered, "one row per mode and seed, in order");
}

#[test]
fn decorrelated_means_are_pinned() {
    let mut failures = Vec::new();
    let decorrelated = |base: Policy| Policy {
        jitter: Jitter::Decorrelated,
        ..base
    };
    // The simulation has its own seed: any sample seed gives the same means.
    for seed in [0, 42] {
        let s = schedule(&decorrelated(Policy::default()), seed);
        for (row, want) in s.rows.iter().zip(DEFAULT_DECORRELATED_MEANS) {
            let what = format!("defaults seed {seed} retry {}", row.retry);
            check(&mut failures, what, row.expected_ms, want);
        }
        let s = schedule(&decorrelated(LONG), seed);
        for (retry, want) in LONG_RETRIES.iter().zip(LONG_DECORRELATED_MEANS) {
            let what = format!("long policy seed {seed} retry {retry}");
            check(&mut failures, what, s.rows[retry - 1].expected_ms, want);
        }
    }
    assert_none_moved(&failures);
}

#[test]
fn the_reroll_chain_is_pinned() {
    let mut failures = Vec::new();
    let mut seed = REROLLS[0].0;
    for (i, (want_seed, want_sample)) in REROLLS.into_iter().enumerate() {
        assert_eq!(seed, want_seed, "re-roll {i}");
        let sample = schedule(&Policy::default(), seed).rows[0].sample_ms;
        check(
            &mut failures,
            format!("seed {seed} retry 1"),
            sample,
            want_sample,
        );
        seed = next_seed(seed);
    }
    assert_none_moved(&failures);
    // From the page's example seed, re-rolls count up by one.
    let chain: Vec<u64> = std::iter::successors(Some(42), |&s| Some(next_seed(s)))
        .take(4)
        .collect();
    assert_eq!(chain, [42, 43, 44, 45]);
}
