//! "Did you mean …?": the closest known word to a misspelt one.

/// The candidate closest to `word` by edit distance, if it is close enough to be a likely typo
/// (at most a third of the word's length, and at least one edit allowed).
///
/// Swapping two neighbouring letters is one edit (`form` → `from`, `bleu` → `blue`); between
/// candidates equally close, the one of the word's own length wins (a swap over a dropped
/// letter: `form` is `from`, not `for`). A word of three letters or fewer is only matched by a
/// letter added, dropped or swapped: a changed letter is a third or more of such a word, so `of`
/// never becomes `if`.
pub fn closest<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let lower = word.to_lowercase();
    let length = lower.chars().count();
    let limit = (length / 3).max(1);
    let mut best: Option<((usize, usize), &'a str)> = None;
    for candidate in candidates {
        if candidate == word {
            continue;
        }
        let other = candidate.to_lowercase();
        let distance = edit_distance(&lower, &other);
        if distance > limit {
            continue;
        }
        if length <= 3 && substitution_only(&lower, &other) {
            continue;
        }
        let rank = (distance, length.abs_diff(other.chars().count()));
        if best.is_none_or(|(r, _)| rank < r) {
            best = Some((rank, candidate));
        }
    }
    best.map(|(_, c)| c)
}

/// Whether two words of the same length differ in exactly one letter and nowhere else (`of`,
/// `if`): one substitution, not a swap.
fn substitution_only(a: &str, b: &str) -> bool {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    a.len() == b.len() && a.iter().zip(&b).filter(|(x, y)| x != y).count() == 1
}

/// Edit distance over characters: insertions, deletions, substitutions and swaps of two
/// neighbouring characters each count one (the optimal string alignment distance).
pub fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    // Three rows: two back (for swaps), the previous and the current.
    let mut before: Vec<usize> = vec![0; b.len() + 1];
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    let mut cur = vec![0; b.len() + 1];
    for i in 0..a.len() {
        cur[0] = i + 1;
        for j in 0..b.len() {
            let cost = usize::from(a[i] != b[j]);
            let mut d = (prev[j] + cost).min(prev[j + 1] + 1).min(cur[j] + 1);
            if i > 0 && j > 0 && a[i] == b[j - 1] && a[i - 1] == b[j] {
                d = d.min(before[j - 1] + 1);
            }
            cur[j + 1] = d;
        }
        std::mem::swap(&mut before, &mut prev);
        std::mem::swap(&mut prev, &mut cur);
    }
    prev[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_close_words_only() {
        assert_eq!(closest("drow", ["draw", "meld", "score"]), Some("draw"));
        assert_eq!(closest("castel", ["castle", "crown"]), Some("castle"));
        assert_eq!(closest("xyzzy", ["draw", "meld"]), None);
        assert_eq!(edit_distance("kitten", "sitting"), 3);
    }

    /// A swap of two letters is one edit, and ties go to the word of the same length.
    #[test]
    fn a_swap_of_two_letters_is_one_edit() {
        assert_eq!(edit_distance("form", "from"), 1);
        assert_eq!(closest("form", ["for", "from"]), Some("from"));
        assert_eq!(closest("bleu", ["blue", "red"]), Some("blue"));
        assert_eq!(closest("teh", ["the", "then"]), Some("the"));
    }

    /// A short word is not turned into another short word by changing one of its letters.
    #[test]
    fn a_short_word_keeps_its_letters() {
        assert_eq!(closest("of", ["if", "in"]), None);
        assert_eq!(closest("fi", ["if"]), Some("if"));
        assert_eq!(closest("an", ["and", "end"]), Some("and"));
        assert_eq!(closest("w", ["v"]), None);
    }
}
