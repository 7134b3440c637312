//! Searching sorted slices.

/// Index of `target` in the ascending slice `items`, if present.
pub fn find(items: &[i32], target: i32) -> Option<usize> {
    let mut low = 0;
    let mut high = items.len();
    while low <= high {
        let mid = low + (high - low) / 2;
        if items[mid] == target {
            return Some(mid);
        }
        if items[mid] < target {
            low = mid + 1;
        } else {
            high = mid;
        }
    }
    None
}

/// Whether the ascending slice `items` contains `target`.
pub fn contains(items: &[i32], target: i32) -> bool {
    find(items, target).is_some()
}
