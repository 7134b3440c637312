//! Time signatures such as 3/4 or 6/8.

/// A time signature: `beats` per bar, each worth one `unit` note.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Meter {
    pub beats: u32,
    pub unit: u32,
}

/// Why a time signature could not be read.
#[derive(Debug, PartialEq, Eq)]
pub enum MeterError {
    /// Not of the form `beats/unit`.
    Format,
    /// The note value is not 2, 4, 8 or 16.
    Unit(u32),
    /// A bar must have at least one beat.
    ZeroBeats,
}

impl Meter {
    /// Reads text like "7/8".
    pub fn parse(text: &str) -> Result<Meter, MeterError> {
        let (beats, unit) = text.trim().split_once('/').ok_or(MeterError::Format)?;
        let beats: u32 = beats.trim().parse().map_err(|_| MeterError::Format)?;
        let unit: u32 = unit.trim().parse().map_err(|_| MeterError::Format)?;
        if beats == 0 {
            return Err(MeterError::ZeroBeats);
        }
        if ![2, 4, 8, 16].contains(&unit) {
            return Err(MeterError::Unit(unit));
        }
        Ok(Meter { beats, unit })
    }

    /// Compound meters (6/8, 9/8, 12/8) group their eighth notes in threes.
    pub fn is_compound(&self) -> bool {
        self.unit == 8 && self.beats > 3 && self.beats % 3 == 0
    }

    /// Clicks per bar: a compound meter clicks once per group of three,
    /// every other meter clicks on each beat.
    pub fn clicks_per_bar(&self) -> u32 {
        if self.is_compound() {
            self.beats / 3
        } else {
            self.beats
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_seven_eight() {
        assert_eq!(Meter::parse(" 7/8 "), Ok(Meter { beats: 7, unit: 8 }));
    }

    #[test]
    fn rejects_odd_unit() {
        assert_eq!(Meter::parse("4/5"), Err(MeterError::Unit(5)));
        assert_eq!(Meter::parse("0/4"), Err(MeterError::ZeroBeats));
        assert_eq!(Meter::parse("four"), Err(MeterError::Format));
    }

    #[test]
    fn six_eight_clicks_twice() {
        let m = Meter::parse("6/8").unwrap();
        assert!(m.is_compound());
        assert_eq!(m.clicks_per_bar(), 2);
    }

    #[test]
    fn three_four_is_simple() {
        let m = Meter::parse("3/4").unwrap();
        assert!(!m.is_compound());
        assert_eq!(m.clicks_per_bar(), 3);
    }
}
