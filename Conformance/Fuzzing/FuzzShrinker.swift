/// Makes a failing ``FuzzTrial`` smaller while it keeps failing: sub-trees in place of the
/// predicate, fewer sort keys, fewer rows (halves, then quarters…, then single rows).
struct FuzzShrinker {
    /// The mismatch a trial produces on the backend, or nil when it passes.
    let check: (FuzzTrial) -> FuzzMismatch?
    /// At most this many checks, so a pathological case still finishes.
    var budget = 400

    func shrink(_ trial: FuzzTrial, _ mismatch: FuzzMismatch) -> (FuzzTrial, FuzzMismatch) {
        var best = (trial, mismatch)
        var remaining = budget
        func attempt(_ candidate: FuzzTrial) -> Bool {
            guard remaining > 0 else { return false }
            remaining -= 1
            guard let found = check(candidate) else { return false }
            best = (candidate, found)
            return true
        }
        var improved = true
        while improved && remaining > 0 {
            improved = false
            // The predicate: any sub-tree that still fails replaces the whole.
            var shrinkingTree = true
            while shrinkingTree {
                shrinkingTree = false
                for child in best.0.tree.children {
                    var candidate = best.0
                    candidate.tree = child
                    if attempt(candidate) {
                        shrinkingTree = true
                        improved = true
                        break
                    }
                }
            }
            // Sort keys, one at a time.
            var index = best.0.keys.count - 1
            while index >= 0 {
                var candidate = best.0
                candidate.keys.remove(at: index)
                if attempt(candidate) { improved = true }
                index -= 1
            }
            // Rows: drop chunks, halving the chunk size down to single rows.
            var chunk = max(1, best.0.rows.count / 2)
            while chunk >= 1 && remaining > 0 {
                var start = 0
                while start < best.0.rows.count {
                    var candidate = best.0
                    candidate.rows.removeSubrange(start..<min(start + chunk, candidate.rows.count))
                    if !candidate.rows.isEmpty || chunk == 1, attempt(candidate) {
                        improved = true
                    } else {
                        start += chunk
                    }
                    if remaining == 0 { break }
                }
                chunk /= 2
            }
        }
        return best
    }
}
