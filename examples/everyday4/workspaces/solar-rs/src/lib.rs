//! Rough energy estimates for small solar installations.

pub mod battery;
pub mod panel;

use panel::{derate_for_temperature, energy_kwh, Panel};

/// Energy in kWh that `panel` produces on one day with `peak_sun_hours`
/// of full sun while its cells sit at `cell_temp_c` degrees Celsius.
pub fn daily_yield_kwh(panel: &Panel, cell_temp_c: f64, peak_sun_hours: f64) -> f64 {
    let watts = derate_for_temperature(panel.array_watts(), cell_temp_c);
    energy_kwh(watts, peak_sun_hours)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn yield_for_hot_summer_day() {
        let panel = Panel { rated_watts: 400.0, count: 10 };
        let kwh = daily_yield_kwh(&panel, 45.0, 5.0);
        assert!((kwh - 18.4).abs() < 1e-9);
    }
}
