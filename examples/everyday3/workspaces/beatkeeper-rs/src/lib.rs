//! beatkeeper: timing helpers for a practice metronome.

pub mod meter;
pub mod tempo;

pub use meter::{Meter, MeterError};
pub use tempo::{bar_ms, beat_ms, clamp_bpm, tap_tempo, DEFAULT_BPM};

/// Bars of count-in the metronome clicks before the player starts.
pub const COUNT_IN_BARS: u32 = 2;

/// Whole bars that fit in a practice session of `minutes` at `bpm`.
pub fn bars_in_session(minutes: u32, bpm: u32, meter: Meter) -> u32 {
    let total_ms = minutes as f64 * 60_000.0;
    (total_ms / bar_ms(bpm, meter.beats)).floor() as u32
}

/// Milliseconds of count-in before the first bar is played.
pub fn count_in_ms(bpm: u32, meter: Meter) -> f64 {
    bar_ms(bpm, meter.beats) * COUNT_IN_BARS as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ten_minutes_of_four_four_at_120() {
        let m = Meter::parse("4/4").unwrap();
        assert_eq!(bars_in_session(10, 120, m), 300);
    }

    #[test]
    fn count_in_is_two_bars() {
        let m = Meter::parse("3/4").unwrap();
        assert_eq!(count_in_ms(60, m), 6000.0);
    }
}
