import ServerAPI
import Testing
@testable import StrataServer

@Suite struct ProjectRoutesTests {
    @Test func createShowAndListByName() async throws {
        try await TestService().run { client in
            let work = try await client.createProject("work")
            let home = try await client.createProject("home")
            #expect(try await client.get("/projects/\(work.id)", as: ProjectResponse.self) == work)
            #expect(try await client.get("/projects", as: [ProjectResponse].self) == [home, work])
        }
    }

    @Test func aTakenNameAnswers409OnCreate() async throws {
        try await TestService().run { client in
            _ = try await client.createProject("home")
            let (status, error) = try await client.error(.post, "/projects", json: #"{"name": "home"}"#)
            #expect(status == .conflict)
            #expect(error.code == "uniqueViolation")
            #expect(try await client.get("/projects", as: [ProjectResponse].self).count == 1)
        }
    }

    /// A rename onto another project's name reaches the store, whose unique index refuses it
    /// (`SwiftDataError.constraintViolation`: only inserts upsert): a 409 whose message names no
    /// SQL, and nothing changes.
    @Test func aRenameOntoATakenNameAnswers409FromTheStore() async throws {
        try await TestService().run { client in
            let home = try await client.createProject("home")
            _ = try await client.createProject("work")
            let (status, error) = try await client.error(.patch, "/projects/\(home.id)", json: #"{"name": "work"}"#)
            #expect(status == .conflict)
            #expect(error == .init(code: "constraintViolation", message: "the change to Project conflicts with another row's unique values or a constraint"))
            #expect(try await client.get("/projects/\(home.id)", as: ProjectResponse.self).name == "home")
        }
    }

    @Test func renameAndDelete() async throws {
        try await TestService().run { client in
            let home = try await client.createProject("home")
            let renamed = try await client.send(.patch, "/projects/\(home.id)", ProjectInput(name: "house"), as: ProjectResponse.self)
            #expect(renamed == ProjectResponse(id: home.id, name: "house"))
            #expect(try await client.send(.delete, "/projects/\(home.id)").status == .noContent)
            #expect(try await client.error(.get, "/projects/\(home.id)").status == .notFound)
        }
    }

    /// `Project.items` has the `.deny` delete rule: the save fails with
    /// `SwiftDataError.deleteRuleViolation`, which becomes a 409, and the project stays.
    @Test func deletingAProjectWithItemsAnswers409() async throws {
        try await TestService().run { client in
            let home = try await client.createProject("home")
            _ = try await client.createItem("sweep", projectId: home.id)
            let (status, error) = try await client.error(.delete, "/projects/\(home.id)")
            #expect(status == .conflict)
            #expect(error == .init(code: "deleteRuleViolation", message: "Project cannot be deleted: its relationship items still refers to other models"))
            #expect(try await client.get("/projects/\(home.id)", as: ProjectResponse.self) == home)
        }
    }
}
