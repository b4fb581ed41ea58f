//! Match statistics: the Elo difference with its 95% interval, and the sequential
//! probability ratio test on the pentanomial model with normalised Elo, as the chess testing
//! frameworks compute them (fishtest's `LLR_normalized`: the generalised log-likelihood
//! ratio, each hypothesis fitted by the maximum-likelihood distribution with the given
//! t-value; Michel Van den Bergh, "Normalized Elo", section 4.1).
//!
//! Results are frequency vectors: three (losses, draws, wins) or five for game pairs (pair
//! scores 0, ½, 1, 1½, 2 — LL, LD, DD+WL, WD, WW), read as a distribution over the scores
//! `i / (len − 1)`.

/// The 97.5% quantile of the standard normal distribution (two-sided 95%).
const Z95: f64 = 1.959963984540054;
/// Normalised Elo per unit of t-value: 800 / ln 10.
const NELO_PER_T: f64 = 800.0 / std::f64::consts::LN_10;
/// Largest normalised Elo an SPRT hypothesis may name (in absolute value): far beyond any
/// difference a test looks for (their bounds are a few Elo), and within the t-values the
/// maximum-likelihood fit can reach from its uniform start: beyond about 231 (game pairs)
/// every shifted score has the same sign, the secular equation has no root and the LLR is
/// NaN.
pub const MAX_SPRT_ELO: f64 = 200.0;
/// Frequency given to an empty outcome so that the likelihoods stay finite (fishtest's).
const EMPTY: f64 = 1e-3;

/// Logistic Elo of an expected score.
pub fn elo(score: f64) -> f64 {
    // `+ 0.0` turns the -0 of an even score into 0.
    -400.0 * (1.0 / score - 1.0).log10() + 0.0
}

/// The distribution of `results`: (value, probability) pairs, and the count.
fn pdf(results: &[f64], regularise: bool) -> (f64, Vec<(f64, f64)>) {
    let fixed: Vec<f64> = results
        .iter()
        .map(|&n| if regularise && n == 0.0 { EMPTY } else { n })
        .collect();
    let count: f64 = fixed.iter().sum();
    let last = (results.len() - 1) as f64;
    let pdf = fixed
        .iter()
        .enumerate()
        .map(|(i, &n)| (i as f64 / last, n / count))
        .collect();
    (count, pdf)
}

/// Mean and variance of a distribution.
fn stats(pdf: &[(f64, f64)]) -> (f64, f64) {
    let mean: f64 = pdf.iter().map(|(v, p)| v * p).sum();
    let var = pdf.iter().map(|(v, p)| p * (v - mean).powi(2)).sum();
    (mean, var)
}

/// The Elo difference and its 95% interval from `results` (a score per game, or per pair
/// of games read as the mean of the two): the interval maps the score's normal-approximation
/// interval through [`elo`]. Infinite at a score of 0 or 1; `None` without games.
pub fn elo_interval(results: &[f64]) -> Option<(f64, f64, f64)> {
    let (count, pdf) = pdf(results, false);
    if count == 0.0 {
        return None;
    }
    let (mean, var) = stats(&pdf);
    let half = Z95 * (var / count).sqrt();
    let clamp = |s: f64| s.clamp(0.0, 1.0);
    Some((elo(mean), elo(clamp(mean - half)), elo(clamp(mean + half))))
}

/// Solves Σ pᵢ aᵢ / (1 + x aᵢ) = 0 for x with 1 + x aᵢ > 0 for all i (the aᵢ take both
/// signs); the left side falls as x grows, so bisection finds the one root.
fn secular(pdf: &[(f64, f64)]) -> f64 {
    let lo_a = pdf.iter().map(|p| p.0).fold(f64::INFINITY, f64::min);
    let hi_a = pdf.iter().map(|p| p.0).fold(f64::NEG_INFINITY, f64::max);
    let f = |x: f64| pdf.iter().map(|(a, p)| p * a / (1.0 + x * a)).sum::<f64>();
    let eps = 1e-9;
    let (mut lo, mut hi) = (-1.0 / hi_a + eps, -1.0 / lo_a - eps);
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if f(mid) > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    0.5 * (lo + hi)
}

/// The maximum-likelihood distribution on the values of `observed` whose t-value
/// (mean − `reference`) / σ is `t`.
fn mle_t_value(observed: &[(f64, f64)], reference: f64, t: f64) -> Vec<(f64, f64)> {
    let n = observed.len() as f64;
    let mut mle: Vec<(f64, f64)> = observed.iter().map(|&(v, _)| (v, 1.0 / n)).collect();
    for _ in 0..10 {
        let previous = mle.clone();
        let (mean, var) = stats(&mle);
        let sigma = var.sqrt();
        let shifted: Vec<(f64, f64)> = observed
            .iter()
            .map(|&(v, p)| {
                let a = v - reference - t * sigma * (1.0 + ((mean - v) / sigma).powi(2)) / 2.0;
                (a, p)
            })
            .collect();
        let x = secular(&shifted);
        mle = observed
            .iter()
            .zip(&shifted)
            .map(|(&(v, p), &(a, _))| (v, p / (1.0 + x * a)))
            .collect();
        let change = mle
            .iter()
            .zip(&previous)
            .map(|(a, b)| (a.1 - b.1).abs())
            .fold(0.0, f64::max);
        if change < 1e-9 {
            break;
        }
    }
    mle
}

/// The generalised log-likelihood ratio of H1 (normalised Elo `nelo1`) against H0
/// (`nelo0`) for `results` (three or five frequencies).
pub fn llr_normalized(nelo0: f64, nelo1: f64, results: &[f64]) -> f64 {
    let scale = if results.len() == 5 { 2f64.sqrt() } else { 1.0 };
    let (t0, t1) = (nelo0 / NELO_PER_T * scale, nelo1 / NELO_PER_T * scale);
    let (count, observed) = pdf(results, true);
    let p0 = mle_t_value(&observed, 0.5, t0);
    let p1 = mle_t_value(&observed, 0.5, t1);
    let per: f64 = observed
        .iter()
        .zip(p0.iter().zip(&p1))
        .map(|(&(_, p), (&(_, a), &(_, b)))| p * (b.ln() - a.ln()))
        .sum();
    count * per
}

/// An SPRT: the hypotheses (normalised Elo) and the bounds from the error rates.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// H0: the normalised Elo difference is `elo0`.
    pub elo0: f64,
    /// H1: it is `elo1`.
    pub elo1: f64,
    /// Type I error rate.
    pub alpha: f64,
    /// Type II error rate.
    pub beta: f64,
}

impl std::fmt::Display for Sprt {
    /// The parameters as [`Sprt::parse`] reads them back: `elo0=0 elo1=5 alpha=0.05 beta=0.05`.
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        write!(
            f,
            "elo0={} elo1={} alpha={} beta={}",
            self.elo0, self.elo1, self.alpha, self.beta
        )
    }
}

/// Where an SPRT stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// H0 accepted (LLR at or below the lower bound).
    H0,
    /// H1 accepted (LLR at or above the upper bound).
    H1,
    /// Not decided yet.
    Open,
}

impl Sprt {
    /// Parses `elo0=A elo1=B alpha=X beta=Y` (any order; alpha and beta default to 0.05):
    /// |elo| at most [`MAX_SPRT_ELO`], elo0 below elo1, alpha and beta between 0 and 0.5.
    pub fn parse(words: &[String]) -> Result<Sprt, halma_engine::Error> {
        let bad = |t: String| halma_engine::Error::Argument(format!("--sprt: {t}"));
        let (mut elo0, mut elo1, mut alpha, mut beta) = (None, None, 0.05, 0.05);
        for word in words.iter().flat_map(|w| w.split_whitespace()) {
            let (key, value) = word
                .split_once('=')
                .ok_or_else(|| bad(format!("'{word}' is not key=value")))?;
            let v: f64 = value
                .parse()
                .ok()
                .filter(|v: &f64| v.is_finite())
                .ok_or_else(|| bad(format!("{key}: '{value}' is not a number")))?;
            match key {
                "elo0" => elo0 = Some(v),
                "elo1" => elo1 = Some(v),
                "alpha" => alpha = v,
                "beta" => beta = v,
                _ => {
                    return Err(bad(format!(
                        "unknown parameter '{key}' (elo0, elo1, alpha, beta)"
                    )))
                }
            }
        }
        let (Some(elo0), Some(elo1)) = (elo0, elo1) else {
            return Err(bad("needs elo0=… and elo1=…".into()));
        };
        for (name, e) in [("elo0", elo0), ("elo1", elo1)] {
            if e.abs() > MAX_SPRT_ELO {
                return Err(bad(format!(
                    "{name} ({e}) must lie between -{MAX_SPRT_ELO} and {MAX_SPRT_ELO}"
                )));
            }
        }
        if elo0 >= elo1 {
            return Err(bad(format!("elo0 ({elo0}) must be below elo1 ({elo1})")));
        }
        for (name, e) in [("alpha", alpha), ("beta", beta)] {
            if !(e > 0.0 && e < 0.5) {
                return Err(bad(format!("{name} ({e}) must lie between 0 and 0.5")));
            }
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha,
            beta,
        })
    }

    /// The lower and upper LLR bounds: ln(β / (1 − α)) and ln((1 − β) / α).
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The LLR of the pentanomial counts `pairs` and the verdict. An LLR that is not a
    /// finite number (which the bounds of [`Sprt::parse`] keep from happening) decides
    /// nothing: it is reported as 0, open.
    pub fn test(&self, pairs: &[u64; 5]) -> (f64, Verdict) {
        if pairs.iter().sum::<u64>() == 0 {
            return (0.0, Verdict::Open);
        }
        let results: Vec<f64> = pairs.iter().map(|&n| n as f64).collect();
        let llr = llr_normalized(self.elo0, self.elo1, &results);
        if !llr.is_finite() {
            return (0.0, Verdict::Open);
        }
        let (lower, upper) = self.bounds();
        let verdict = if llr >= upper {
            Verdict::H1
        } else if llr <= lower {
            Verdict::H0
        } else {
            Verdict::Open
        };
        (llr, verdict)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tolerance: f64) {
        assert!((a - b).abs() <= tolerance, "{a} is not {b} ± {tolerance}");
    }

    #[test]
    fn elo_of_scores_by_hand() {
        close(elo(0.5), 0.0, 1e-12);
        // 0.75: -400 log10(1/3) = 190.848…
        close(elo(0.75), 190.848_501_887_864_9, 1e-9);
        close(elo(0.25), -190.848_501_887_864_9, 1e-9);
        // The logistic curve back: 1 / (1 + 10^(-elo / 400)).
        close(1.0 / (1.0 + 10f64.powf(-elo(0.64) / 400.0)), 0.64, 1e-12);
    }

    #[test]
    fn elo_interval_by_hand() {
        // 10 losses, 20 draws, 10 wins: mean 0.5, variance 0.125, 40 games:
        // half-width 1.96 × sqrt(0.125 / 40) = 0.1095653…, and
        // -400 log10(1 / 0.6095653 - 1) = 77.389 Elo.
        let (e, lo, hi) = elo_interval(&[10.0, 20.0, 10.0]).unwrap();
        close(e, 0.0, 1e-9);
        let half = Z95 * (0.125f64 / 40.0).sqrt();
        close(half, 0.109_565_3, 1e-6);
        close(hi, elo(0.5 + half), 1e-9);
        close(lo, -hi, 1e-9);
        close(hi, 77.389, 0.001);
        assert!(elo_interval(&[0.0; 5]).is_none());
    }

    #[test]
    fn sprt_bounds_by_hand() {
        let sprt = Sprt {
            elo0: 0.0,
            elo1: 5.0,
            alpha: 0.05,
            beta: 0.05,
        };
        let (lo, hi) = sprt.bounds();
        // ln(0.05 / 0.95) = -2.944438979…
        close(lo, -2.944_438_979, 1e-9);
        close(hi, 2.944_438_979, 1e-9);
    }

    /// Values from fishtest's `LLR_normalized` (its algorithm run in plain Python with
    /// bisection in place of scipy's root finder), and from a fastchess run.
    #[test]
    fn llr_matches_the_reference_values() {
        for (nelo0, nelo1, results, want) in REFERENCE {
            close(llr_normalized(nelo0, nelo1, &results), want, 1e-6);
        }
        // fastchess printed "LLR: 2.96 (100.6%) (-2.94, 2.94) [0.00, 20.00]" for the
        // pentanomial counts [0, 0, 2, 0, 37].
        close(
            llr_normalized(0.0, 20.0, &[0.0, 0.0, 2.0, 0.0, 37.0]),
            2.96,
            0.006,
        );
    }

    #[test]
    fn llr_is_zero_at_the_midpoint_and_signs_follow_the_evidence() {
        let even = [5.0, 20.0, 50.0, 20.0, 5.0];
        close(llr_normalized(-5.0, 5.0, &even), 0.0, 1e-6);
        assert!(llr_normalized(0.0, 5.0, &[5.0, 15.0, 50.0, 25.0, 5.0]) > 0.0);
        assert!(llr_normalized(0.0, 5.0, &[5.0, 25.0, 50.0, 15.0, 5.0]) < 0.0);
    }

    #[test]
    fn sprt_parses_and_decides() {
        let words: Vec<String> = ["elo0=0", "elo1=20", "alpha=0.05", "beta=0.1"]
            .map(String::from)
            .to_vec();
        let sprt = Sprt::parse(&words).unwrap();
        assert_eq!(sprt.beta, 0.1);
        // Bounds ln(0.1 / 0.95) = -2.25 and ln(0.9 / 0.05) = 2.89; the LLRs are 2.96 and -3.22.
        assert_eq!(sprt.test(&[0, 0, 2, 0, 37]).1, Verdict::H1);
        assert_eq!(sprt.test(&[37, 0, 2, 0, 0]).1, Verdict::H0);
        assert_eq!(sprt.test(&[1, 2, 3, 2, 1]).1, Verdict::Open);
        for bad in [
            "elo0=5 elo1=0",
            "elo1=3",
            "elo0=0 elo1=5 alpha=0.7",
            "elo0=x elo1=1",
            "gamma=1",
            "elo0=0 elo1=1e308",
            "elo0=-1e308 elo1=0",
            "elo0=0 elo1=inf",
            "elo0=nan elo1=5",
            "elo0=0 elo1=200.5",
            "elo0=-250 elo1=0",
            "elo0=0 elo1=5 beta=0",
            "elo0=0 elo1=5 alpha=nan",
            "elo0=0 elo1=5 alpha=0.5",
        ] {
            assert!(Sprt::parse(&[bad.to_string()]).is_err(), "{bad}");
        }
    }

    /// Within the bounds the LLR is always a number, whatever the results, so every
    /// tournament can end; 1e308 gave NaN before the bound.
    #[test]
    fn the_llr_is_finite_for_every_allowed_test() {
        let counts = [0u64, 1, 2, 7, 1000, 1_000_000];
        let extremes = [
            -MAX_SPRT_ELO,
            -150.0,
            -5.0,
            0.0,
            0.5,
            5.0,
            150.0,
            MAX_SPRT_ELO,
        ];
        for (i, &elo0) in extremes.iter().enumerate() {
            for &elo1 in &extremes[i + 1..] {
                for alpha in [1e-9, 0.4999] {
                    let sprt = Sprt {
                        elo0,
                        elo1,
                        alpha,
                        beta: alpha,
                    };
                    let (lo, hi) = sprt.bounds();
                    assert!(lo.is_finite() && hi.is_finite());
                    for a in counts {
                        for e in counts {
                            for pairs in [[a, 0, e, 0, 0], [0, a, 0, e, a], [e, a, e, a, e]] {
                                if a + e == 0 {
                                    continue;
                                }
                                let llr = llr_normalized(elo0, elo1, &pairs.map(|n| n as f64));
                                assert!(llr.is_finite(), "{sprt:?} {pairs:?}: {llr}");
                            }
                        }
                    }
                }
            }
        }
        let wild = Sprt {
            elo0: 0.0,
            elo1: 1e308,
            alpha: 0.05,
            beta: 0.05,
        };
        assert_eq!(wild.test(&[1, 2, 3, 2, 1]).1, Verdict::Open);
    }

    /// (nelo0, nelo1, results, LLR) computed with fishtest's algorithm.
    const REFERENCE: [(f64, f64, [f64; 5], f64); 5] = [
        (
            0.0,
            5.0,
            [118.0, 5893.0, 13289.0, 6132.0, 136.0],
            2.542181410,
        ),
        (0.0, 2.0, [10.0, 200.0, 500.0, 260.0, 30.0], 1.007399289),
        (
            -1.75,
            0.25,
            [400.0, 7000.0, 15000.0, 7100.0, 420.0],
            2.238973850,
        ),
        (0.0, 10.0, [3.0, 10.0, 20.0, 8.0, 1.0], -0.308529955),
        (0.0, 20.0, [0.0, 0.0, 2.0, 0.0, 37.0], 2.962016471),
    ];
}
