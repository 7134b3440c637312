//! Panel arrays and how their output changes with heat.

/// Fraction of power lost per degree Celsius above the test temperature.
pub const PANEL_TEMP_COEFF: f64 = -0.004;

/// Cell temperature at standard test conditions, in degrees Celsius.
pub const STC_TEMP_C: f64 = 25.0;

/// A group of identical panels wired together.
pub struct Panel {
    pub rated_watts: f64,
    pub count: u32,
}

impl Panel {
    /// Rated power of the whole array in watts.
    pub fn array_watts(&self) -> f64 {
        self.rated_watts * self.count as f64
    }
}

/// Power after adjusting `watts` for a cell temperature of `cell_temp_c`.
///
/// Output falls by 0.4 % for every degree above 25 °C and rises by the
/// same amount below it; it never goes negative.
pub fn derate_for_temperature(watts: f64, cell_temp_c: f64) -> f64 {
    let factor = 1.0 + PANEL_TEMP_COEFF * (cell_temp_c - STC_TEMP_C);
    (watts * factor).max(0.0)
}

/// Energy in kWh from running at `watts` for `peak_sun_hours`.
pub fn energy_kwh(watts: f64, peak_sun_hours: f64) -> f64 {
    watts * peak_sun_hours / 1000.0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-9
    }

    #[test]
    fn array_watts_multiplies_by_count() {
        let panel = Panel { rated_watts: 375.0, count: 8 };
        assert!(close(panel.array_watts(), 3000.0));
    }

    #[test]
    fn no_derating_at_test_temperature() {
        assert!(close(derate_for_temperature(3000.0, 25.0), 3000.0));
    }

    #[test]
    fn hot_cells_lose_power() {
        assert!(close(derate_for_temperature(1000.0, 45.0), 920.0));
    }

    #[test]
    fn energy_from_sun_hours() {
        assert!(close(energy_kwh(2500.0, 4.0), 10.0));
    }
}
