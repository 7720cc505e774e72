import Foundation
import Strata
import Testing

@Suite struct NotificationKeyTests {
    @Test func eachSaveOfAContainerIsALaterQueryGeneration() throws {
        let container = try makeContainer()
        let first = ModelContext(container)
        let second = ModelContext(container)
        let generations = UserInfoRecorder()
        let tokens = [first, second].map { context in
            NotificationCenter.default.addObserver(forName: ModelContext.didSave, object: context, queue: nil) { note in
                generations.record(note.userInfo?[ModelContext.NotificationKey.queryGeneration.rawValue])
            }
        }
        defer { tokens.forEach(NotificationCenter.default.removeObserver) }
        first.insert(Trip(name: "A", start: epoch))
        try first.save()
        second.insert(Trip(name: "B", start: epoch))
        try second.save()
        try first.save()  // nothing pending: no save, no notification
        #expect(generations.values.map { $0 as? Int } == [1, 2])
    }

    @Test func eraseInvalidatesAllIdentifiers() throws {
        let container = try makeContainer()
        let context = ModelContext(container)
        context.insert(Trip(name: "A", start: epoch))
        try context.save()
        let recorded = UserInfoRecorder()
        let token = NotificationCenter.default.addObserver(forName: ModelContext.didSave, object: container, queue: nil) { note in
            recorded.record(note.userInfo?[ModelContext.NotificationKey.invalidatedAllIdentifiers.rawValue])
            recorded.record(note.userInfo?[ModelContext.NotificationKey.queryGeneration.rawValue])
        }
        defer { NotificationCenter.default.removeObserver(token) }
        try container.erase()
        #expect(recorded.values.first as? Bool == true)
        #expect(recorded.values.last as? Int == 2)
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<Trip>()) == 0)
    }
}

/// Collects `userInfo` values a notification handler saw.
final class UserInfoRecorder: @unchecked Sendable {
    private(set) var values: [Any?] = []
    func record(_ value: Any?) { values.append(value) }
}
