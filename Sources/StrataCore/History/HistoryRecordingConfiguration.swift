/// A configuration that says whether its store records history (``HistoryRecording``): the
/// built-in stores' configurations. Switching it off and on again leaves a gap in the history,
/// which a fetch after a token from before the gap reports (``SwiftDataError/historyTokenExpired``).
public protocol HistoryRecordingConfiguration: DataStoreConfiguration {
    /// Whether saves record their history, in the same transaction as the data.
    var recordsHistory: Bool { get set }
}
