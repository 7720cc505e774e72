import Foundation
import StrataCore

/// History switched off for a while leaves a gap: a fetch after a token from before it throws
/// ``SwiftDataError/historyTokenExpired`` instead of answering without the saves in between.
extension HistoryCases {
    static let tokenBeforeAGapExpires = ConformanceCase("history.gaps.tokenBeforeAGapExpires", category: category, requires: [.history, .reopening]) { environment in
        let configuration = try environment.makeConfiguration()
        guard var unrecorded = configuration as? any HistoryRecordingConfiguration else {
            throw ConformanceFailure(message: "\(type(of: configuration)) cannot switch history off: conform it to HistoryRecordingConfiguration")
        }
        let recording = try environment.makeContainer(for: ConformanceModels.history, configuration: configuration)
        try save(Memo(slug: "a", title: "a", body: "a"), in: recording)
        let beforeGap = try Check.unwrap(try history(recording).last, "the first save's transaction").token

        unrecorded.recordsHistory = false
        let silent = try environment.makeContainer(for: ConformanceModels.history, configuration: unrecorded)
        try save(Memo(slug: "b", title: "b", body: "b"), in: silent)
        try save(Memo(slug: "c", title: "c", body: "c"), in: silent)

        let reopened = try environment.makeContainer(for: ConformanceModels.history, configuration: configuration)
        try save(Memo(slug: "d", title: "d", body: "d"), in: reopened)
        let isExpired = { (error: any Error) in (error as? SwiftDataError)?.code == SwiftDataError.historyTokenExpired.code }
        _ = try Check.throwsError("fetching after a token from before the unrecorded saves", matching: isExpired) {
            _ = try history(reopened, HistoryDescriptor(predicate: #Predicate { $0.token > beforeGap }))
        }
        let recorded = try history(reopened)
        try Check.equal(recorded.count, 2, "the recorded saves, a and d; the gap is no transaction")
        let latest = try Check.unwrap(recorded.last, "the last recorded transaction").token
        try Check.equal(try history(reopened, HistoryDescriptor(predicate: #Predicate { $0.token > latest })).count, 0, "a token after the gap still works")
        try ModelContext(reopened).deleteHistory(HistoryDescriptor<Transaction>())
        _ = try Check.throwsError("the gap outlives the deleted history", matching: isExpired) {
            _ = try history(reopened, HistoryDescriptor(predicate: #Predicate { $0.token > beforeGap }))
        }
    }

    private static func save(_ memo: Memo, in container: ModelContainer) throws {
        let context = ModelContext(container)
        context.insert(memo)
        try context.save()
    }
}
