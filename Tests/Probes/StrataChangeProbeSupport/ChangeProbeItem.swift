import Strata

/// The one model the change probe saves: a test or benchmark opens its store with this schema
/// to read what the probe wrote.
@Model public final class ChangeProbeItem {
    /// Which of the probe's commits saved it, from 0.
    public var index: Int
    /// A label the probe's caller chose, so several probes can share a store.
    public var label: String

    /// An item saved by commit `index`.
    public init(index: Int, label: String) {
        self.index = index
        self.label = label
    }
}
