import Foundation
import Understudy

/// WireMock's `/__admin/files` endpoints over the root's `__files` folder. Names are relative
/// paths (`users/42.json`); absolute names, `..` (also percent-encoded) and symbolic links
/// that lead outside `__files` are refused with 400, so nothing outside the folder can be read,
/// written or deleted.
extension AdminAPI {
    /// `GET /files`: the sorted names of every file under `__files` (empty without a root).
    func listFiles() -> ResponseDefinition {
        let names = mock.configuration.root?.bodyFileNames() ?? []
        return AdminResponse.json(.array(names.map(JSONValue.string)))
    }

    /// `GET /files/{path}`: the file's bytes, or 404.
    func getFile(_ request: AdminRequest) throws(AdminError) -> ResponseDefinition {
        let name = request["path"]
        guard let root = mock.configuration.root else { throw AdminError.notFound("No file \(name): this mock has no root folder") }
        do {
            return ResponseDefinition(status: 200).body(try root.bodyFile(named: name))
        } catch where error.isMissing {
            throw AdminError.notFound("No file \(name) in \(root.filesFolder.path)")
        } catch {
            throw AdminError.badRequest(error.description)
        }
    }

    /// `PUT /files/{path}`: writes the request body to the file atomically (creating folders)
    /// and answers with the bytes as a base64 JSON string, as WireMock does.
    func putFile(_ request: AdminRequest) throws(AdminError) -> ResponseDefinition {
        let name = request["path"]
        let data = request.recorded.body
        let root = try filesRoot(for: "write \(name)")
        do {
            try root.writeBodyFile(named: name, data)
        } catch let error as BodyFileError {
            throw AdminError.badRequest(error.description)
        } catch {
            throw AdminError(status: 500, code: 10, pointer: nil, title: "Cannot write \(name) to \(root.filesFolder.path)",
                             detail: "\(error). Check that the folder is writable.")
        }
        return AdminResponse.json(.string(data.base64EncodedString()))
    }

    /// `DELETE /files/{path}`: deletes the file; 200 whether or not it existed (WireMock's rule).
    func deleteFile(_ request: AdminRequest) throws(AdminError) -> ResponseDefinition {
        let name = request["path"]
        guard let root = mock.configuration.root else { return AdminResponse.ok }
        do {
            try root.removeBodyFile(named: name)
        } catch let error as BodyFileError {
            throw AdminError.badRequest(error.description)
        } catch {
            throw AdminError(status: 500, code: 10, pointer: nil, title: "Cannot delete \(name) from \(root.filesFolder.path)",
                             detail: "\(error)")
        }
        return AdminResponse.ok
    }

    private func filesRoot(for action: String) throws(AdminError) -> MappingsRoot {
        guard let root = mock.configuration.root else {
            throw AdminError(status: 409, code: 50, pointer: nil, title: "Cannot \(action): this mock has no root folder",
                             detail: "Serve a folder with `understudy serve --root DIR` (files go to DIR/__files) or create the mock with HTTPMock.Configuration(root:)")
        }
        return root
    }
}
