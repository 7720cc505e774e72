import Foundation
import ServerAPI
import Testing
@testable import StrataServer

@Suite struct ItemRoutesTests {
    @Test func createReturns201WithTheStoredItem() async throws {
        try await TestService().run { client in
            let project = try await client.createProject("home")
            let before = Date()
            let item = try await client.createItem("  water plants ", done: true, priority: 3, projectId: project.id)
            #expect(item.title == "water plants")
            #expect(item.done && item.priority == 3 && item.projectId == project.id)
            #expect(item.createdAt.timeIntervalSince(before) > -1)
            #expect(try await client.get("/items/\(item.id)", as: ItemResponse.self) == item)
        }
    }

    @Test func createDefaultsDoneAndPriorityAndAllowsNoProject() async throws {
        try await TestService().run { client in
            let item = try await client.send(.post, "/items", NewItem(title: "read"), expecting: .created, as: ItemResponse.self)
            #expect(!item.done && item.priority == 0 && item.projectId == nil)
        }
    }

    @Test func showAnswers404ForAMissingItem() async throws {
        try await TestService().run { client in
            let item = try await client.createItem("one")
            let (status, error) = try await client.error(.get, "/items/\(item.id + 1)")
            #expect(status == .notFound)
            #expect(error == .init(code: "notFound", message: "item \(item.id + 1) does not exist"))
        }
    }

    @Test func listFiltersSortsAndPages() async throws {
        try await TestService().run { client in
            let home = try await client.createProject("home")
            let work = try await client.createProject("work")
            var items: [ItemResponse] = []
            for (index, (done, priority)) in [(false, 1), (true, 2), (false, 3), (false, 2), (true, 5), (false, 4)].enumerated() {
                items.append(try await client.createItem("item \(index)", done: done, priority: priority, projectId: index % 2 == 0 ? home.id : work.id))
            }
            let all = try await client.get("/items", as: [ItemResponse].self)
            #expect(all == items)

            let open = try await client.get("/items?done=false&minPriority=2&sort=priority&order=desc", as: [ItemResponse].self)
            #expect(open.map(\.title) == ["item 5", "item 2", "item 3"])

            let page = try await client.get("/items?sort=priority&limit=2&offset=1", as: [ItemResponse].self)
            #expect(page.map(\.title) == ["item 1", "item 3"])  // priorities 1, 2, 2, …: ties by id

            let homeDone = try await client.get("/items?projectId=\(home.id)&done=true", as: [ItemResponse].self)
            #expect(homeDone.map(\.title) == ["item 4"])

            let byTitle = try await client.get("/items?sort=title&order=desc&limit=1", as: [ItemResponse].self)
            #expect(byTitle.map(\.title) == ["item 5"])
        }
    }

    @Test func patchChangesOnlyTheFieldsGiven() async throws {
        try await TestService().run { client in
            let project = try await client.createProject("home")
            let item = try await client.createItem("draft", priority: 1, projectId: project.id)
            let (status, body) = try await client.send(.patch, "/items/\(item.id)", json: #"{"done": true, "priority": 4}"#)
            #expect(status == .ok)
            let patched = try TestService.decoder.decode(ItemResponse.self, from: body)
            #expect(patched == ItemResponse(id: item.id, title: "draft", done: true, priority: 4, createdAt: item.createdAt, projectId: project.id))
            #expect(try await client.get("/items/\(item.id)", as: ItemResponse.self) == patched)
        }
    }

    @Test func patchWithNullProjectClearsIt() async throws {
        try await TestService().run { client in
            let project = try await client.createProject("home")
            let item = try await client.createItem("draft", projectId: project.id)
            try await client.send(.patch, "/items/\(item.id)", json: #"{"projectId": null}"#)
            #expect(try await client.get("/items/\(item.id)", as: ItemResponse.self).projectId == nil)
        }
    }

    @Test func deleteAnswers204AndTheItemIsGone() async throws {
        try await TestService().run { client in
            let keep = try await client.createItem("keep")
            let item = try await client.createItem("drop")
            #expect(try await client.send(.delete, "/items/\(item.id)").status == .noContent)
            #expect(try await client.error(.get, "/items/\(item.id)").status == .notFound)
            #expect(try await client.error(.delete, "/items/\(item.id)").status == .notFound)
            #expect(try await client.get("/items", as: [ItemResponse].self) == [keep])
        }
    }
}
