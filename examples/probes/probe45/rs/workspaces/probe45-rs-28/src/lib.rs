/// Returns the minimum number of scalar multiplications needed to multiply a
/// chain of matrices, where matrix i has `dims[i]` rows and `dims[i + 1]`
/// columns. A chain of fewer than two matrices (`dims.len() < 3`) costs 0.
pub fn matrix_chain_cost(dims: &[u64]) -> u64 {
    if dims.len() < 3 {
        return 0;
    }
    let n = dims.len() - 1;
    // cost[i][j]: cheapest way to multiply matrices i..=j
    let mut cost = vec![vec![0u64; n]; n];
    for len in 2..=n {
        for i in 0..=n - len {
            let j = i + len - 1;
            for k in i..j {
                let c = cost[i][k] + cost[k + 1][j] + dims[i] * dims[k + 1] * dims[j + 1];
                cost[i][j] = cost[i][j].min(c);
            }
        }
    }
    cost[0][n - 1]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_matrix_chain_cost() {
        assert_eq!(matrix_chain_cost(&[]), 0);
        assert_eq!(matrix_chain_cost(&[10, 20]), 0);
        assert_eq!(matrix_chain_cost(&[5, 10, 3]), 150);
        assert_eq!(matrix_chain_cost(&[10, 30, 5, 60]), 4500);
        assert_eq!(matrix_chain_cost(&[40, 20, 30, 10, 30]), 26000);
        assert_eq!(matrix_chain_cost(&[10, 20, 30, 40, 30]), 30000);
        assert_eq!(matrix_chain_cost(&[1, 2, 3, 4, 3]), 30);
    }

}
