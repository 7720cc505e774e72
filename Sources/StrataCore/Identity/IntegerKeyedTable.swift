/// A hash table from `Int64` keys to values: open addressing with linear probing, key and value
/// side by side in one array, deletion by backward shift (no tombstones).
///
/// It exists for the identity map, where every SQL row and every temporary identifier has an
/// integer key: at 100,000 entries it takes a quarter of the memory of a `Dictionary` keyed by
/// ``PersistentIdentifier``, and a look-up touches one array instead of two.
///
/// Keys start out in slot `key % capacity`. Stores and contexts mint keys in sequence, and a
/// fetch visits them in order, so neighbouring keys sit in neighbouring slots and a fetch walks
/// the table instead of missing the cache on every row. Keys that crowd together that way
/// (a stride of the table size, two distant ranges) make a long probe run; the first run longer
/// than ``longestIdentityProbe`` switches the table to mixed hashing for good.
struct IntegerKeyedTable<Value> {
    private struct Slot {
        var key: Int64
        var value: Value?
    }

    /// Power-of-two sized; `nil` value marks an empty slot.
    private var slots: ContiguousArray<Slot> = []
    /// The number of stored entries.
    private(set) var count = 0
    /// Whether keys are placed by a mixing hash rather than by their own value.
    private(set) var isMixing = false
    /// No entry sits further than this from its home slot, so look-ups and deletions stop there
    /// instead of at the end of a probe run (with sequential keys one run spans the whole table).
    private(set) var longestDisplacement = 0

    /// The probe run an insert may walk before the table gives up placing keys by value.
    static var longestIdentityProbe: Int { 32 }

    init() {}

    /// The value for `key`, if any; assigning `nil` removes it.
    subscript(key: Int64) -> Value? {
        get {
            guard let index = index(of: key) else { return nil }
            return slots[index].value
        }
        set {
            if let newValue { updateValue(newValue, forKey: key) } else { removeValue(forKey: key) }
        }
    }

    /// Stores `value` for `key`, returning the value it replaced.
    @discardableResult
    mutating func updateValue(_ value: consuming Value, forKey key: Int64) -> Value? {
        if Self.maximumCount(for: slots.count) <= count { grow(toHold: count + 1) }
        var index = home(of: key)
        var probes = 0
        // Probed slots are compared, not copied: a copy would retain each value it passes.
        while slots[index].value != nil {
            if slots[index].key == key {
                let replaced = slots[index].value.take()
                slots[index].value = value
                return replaced
            }
            index = (index + 1) & mask
            probes += 1
        }
        slots[index] = Slot(key: key, value: value)
        count += 1
        longestDisplacement = max(longestDisplacement, probes)
        if probes > Self.longestIdentityProbe && !isMixing {
            isMixing = true
            rehash(capacity: slots.count)
        }
        return nil
    }

    /// Removes and returns the value for `key`, if any.
    @discardableResult
    mutating func removeValue(forKey key: Int64) -> Value? {
        guard var hole = index(of: key) else { return nil }
        // Moved out, not copied: re-keying a model costs no reference counting.
        let removed = slots[hole].value.take()
        count -= 1
        // Shift later entries of the probe run back, so every entry stays reachable from its home.
        // Entries more than `longestDisplacement` past the hole have their homes after it.
        var index = hole
        var distance = 0
        while distance < longestDisplacement {
            index = (index + 1) & mask
            distance += 1
            guard slots[index].value != nil else { break }
            let home = home(of: slots[index].key)
            let staysPut = hole <= index ? (hole < home && home <= index) : (hole < home || home <= index)
            if staysPut { continue }
            slots[hole] = slots[index]
            slots[index].value = nil
            hole = index
            distance = 0
        }
        return removed
    }

    /// Makes room for `total` entries without growing again.
    mutating func reserveCapacity(_ total: Int) {
        if Self.maximumCount(for: slots.count) < total { grow(toHold: total) }
    }

    /// Every stored value, in no particular order.
    var values: [Value] {
        slots.compactMap(\.value)
    }

    private var mask: Int { slots.count - 1 }

    private func index(of key: Int64) -> Int? {
        guard count > 0 else { return nil }
        var index = home(of: key)
        for _ in 0...longestDisplacement {
            guard slots[index].value != nil else { return nil }
            if slots[index].key == key { return index }
            index = (index + 1) & mask
        }
        return nil
    }

    /// The slot a key probes first: the key itself, or once ``isMixing``, a SplitMix64 finalizer of it.
    private func home(of key: Int64) -> Int {
        guard isMixing else { return Int(truncatingIfNeeded: key) & mask }
        var mixed = UInt64(bitPattern: key)
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int(truncatingIfNeeded: mixed ^ (mixed >> 31)) & mask
    }

    /// Entries a table of `capacity` slots holds before it grows (a load factor of 0.8).
    private static func maximumCount(for capacity: Int) -> Int {
        capacity / 5 * 4
    }

    private mutating func grow(toHold total: Int) {
        var capacity = max(slots.count, 8)
        while Self.maximumCount(for: capacity) < total { capacity *= 2 }
        rehash(capacity: capacity)
    }

    /// Moves every entry into a new array of `capacity` slots (moved, not copied, so growing
    /// a table of models does not touch each model's reference count).
    private mutating func rehash(capacity: Int) {
        var old = ContiguousArray(repeating: Slot(key: 0, value: nil), count: capacity)
        swap(&old, &slots)
        count = 0
        longestDisplacement = 0
        for index in old.indices {
            if let value = old[index].value.take() { updateValue(value, forKey: old[index].key) }
        }
    }
}
