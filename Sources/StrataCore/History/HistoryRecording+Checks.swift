import Foundation

extension HistoryRecording {
    /// Throws unless the store records history and every token `predicate` names is one of this
    /// store's: an answer from a history that leaves saves out, or a comparison with another
    /// store's numbers, would be silently wrong.
    /// - Throws: ``SwiftDataError/historyNotRecorded``, ``SwiftDataError/historyTokenOfAnotherStore``.
    func checkHistoryRequest(_ predicate: Predicate<DefaultHistoryTransaction>?) throws {
        guard recordsHistory else {
            throw SwiftDataError.historyNotRecorded.with(
                "store \(identifier) records no history (its configuration's recordsHistory is false), so its saves are not in it; turn recordsHistory on to follow its changes")
        }
        guard let predicate else { return }
        if let foreign = Self.tokens(in: predicate.expression).first(where: { $0.storeIdentifier != identifier }) {
            throw SwiftDataError.historyTokenOfAnotherStore.with(
                "the history token \(foreign) was recorded by store \(foreign.storeIdentifier), not by this store (\(identifier)); tokens compare only within the store that recorded them")
        }
    }

    /// Every token captured anywhere in a predicate's expression tree.
    private static func tokens(in value: Any) -> [DefaultHistoryToken] {
        if let token = value as? DefaultHistoryToken { return [token] }
        if value is AnyKeyPath { return [] }
        return Mirror(reflecting: value).children.flatMap { tokens(in: $0.value) }
    }
}
