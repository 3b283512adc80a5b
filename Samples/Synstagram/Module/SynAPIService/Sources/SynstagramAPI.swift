import Foundation
import SynNetwork

/// The endpoints of Synstagram's REST API.
enum SynstagramAPI {
    static func login(email: String, password: String) -> Endpoint<SessionDTO> {
        let body = try? JSONEncoder().encode(["email": email, "password": password])
        return Endpoint(method: .post, path: "v1/sessions", body: body)
    }

    static func albums(page: Int) -> Endpoint<[AlbumDTO]> {
        Endpoint(path: "v1/me/albums", query: [URLQueryItem(name: "page", value: String(page))])
    }

    static func logout() -> Endpoint<EmptyDTO> {
        Endpoint(method: .delete, path: "v1/sessions/current")
    }
}
