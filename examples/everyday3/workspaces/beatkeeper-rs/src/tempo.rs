//! Tempo limits and beat/bar lengths.

/// Tempo used when the player has not picked one.
pub const DEFAULT_BPM: u32 = 96;
/// Slowest tempo the metronome will click at.
pub const MIN_BPM: u32 = 30;
/// Fastest tempo the metronome will click at.
pub const MAX_BPM: u32 = 252;

/// Keeps a requested tempo inside `MIN_BPM..=MAX_BPM`.
pub fn clamp_bpm(bpm: u32) -> u32 {
    bpm.clamp(MIN_BPM, MAX_BPM)
}

/// Milliseconds between two clicks at the given tempo.
pub fn beat_ms(bpm: u32) -> f64 {
    60_000.0 / clamp_bpm(bpm) as f64
}

/// Length of one bar in milliseconds.
pub fn bar_ms(bpm: u32, beats_per_bar: u32) -> f64 {
    beat_ms(bpm) * beats_per_bar as f64
}

/// Tap tempo: takes the times (in ms) at which the player tapped, averages
/// the gaps between neighbouring taps and turns that gap into a tempo.
/// Needs at least two taps.
pub fn tap_tempo(taps_ms: &[f64]) -> Option<u32> {
    if taps_ms.len() < 2 {
        return None;
    }
    let gaps: Vec<f64> = taps_ms.windows(2).map(|w| w[1] - w[0]).collect();
    let mean = gaps.iter().sum::<f64>() / gaps.len() as f64;
    if mean <= 0.0 {
        return None;
    }
    Some(clamp_bpm((60_000.0 / mean).round() as u32))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn beat_length_at_120_is_half_a_second() {
        assert_eq!(beat_ms(120), 500.0);
    }

    #[test]
    fn tempo_is_clamped() {
        assert_eq!(clamp_bpm(10), MIN_BPM);
        assert_eq!(clamp_bpm(400), MAX_BPM);
        assert_eq!(clamp_bpm(DEFAULT_BPM), DEFAULT_BPM);
    }

    #[test]
    fn bar_of_three_at_90() {
        assert_eq!(bar_ms(90, 3), 2000.0);
    }

    #[test]
    fn tap_tempo_averages_gaps() {
        assert_eq!(tap_tempo(&[0.0, 480.0, 1000.0, 1500.0]), Some(120));
    }

    #[test]
    fn tap_tempo_needs_two_taps() {
        assert_eq!(tap_tempo(&[250.0]), None);
    }
}
