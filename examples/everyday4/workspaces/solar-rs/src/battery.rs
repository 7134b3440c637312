//! A home battery with charging losses and a protected reserve.

/// Share of the energy sent into the battery that can be taken out again.
pub const ROUND_TRIP_EFFICIENCY: f64 = 0.88;

/// Share of capacity kept back to protect the cells.
pub const MIN_STATE_OF_CHARGE: f64 = 0.1;

pub struct Battery {
    pub capacity_kwh: f64,
    pub stored_kwh: f64,
}

impl Battery {
    /// An empty battery of the given capacity.
    pub fn new(capacity_kwh: f64) -> Self {
        Battery { capacity_kwh, stored_kwh: 0.0 }
    }

    /// Energy that can be drawn without touching the reserve.
    pub fn usable_kwh(&self) -> f64 {
        (self.stored_kwh - self.capacity_kwh * MIN_STATE_OF_CHARGE).max(0.0)
    }

    /// Offer `kwh` to the battery; returns the surplus that did not fit.
    pub fn charge(&mut self, kwh: f64) -> f64 {
        let room = self.capacity_kwh - self.stored_kwh;
        let accepted = (kwh * ROUND_TRIP_EFFICIENCY).min(room);
        self.stored_kwh += accepted;
        kwh - accepted / ROUND_TRIP_EFFICIENCY
    }

    // TODO: model self-discharge over idle winter days.
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-9
    }

    #[test]
    fn new_battery_is_empty() {
        let battery = Battery::new(10.0);
        assert!(close(battery.stored_kwh, 0.0));
        assert!(close(battery.usable_kwh(), 0.0));
    }

    #[test]
    fn charging_loses_some_energy() {
        let mut battery = Battery::new(10.0);
        let surplus = battery.charge(5.0);
        assert!(close(battery.stored_kwh, 4.4));
        assert!(close(surplus, 0.0));
    }

    #[test]
    fn full_battery_returns_surplus() {
        let mut battery = Battery::new(4.4);
        let surplus = battery.charge(10.0);
        assert!(close(battery.stored_kwh, 4.4));
        assert!(close(surplus, 5.0));
    }

    #[test]
    fn reserve_is_not_usable() {
        let battery = Battery { capacity_kwh: 10.0, stored_kwh: 6.0 };
        assert!(close(battery.usable_kwh(), 5.0));
    }
}
