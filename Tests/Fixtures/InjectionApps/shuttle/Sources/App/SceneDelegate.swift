import Data
import Domain
import Presentation
import UIKit
import Utils

final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        guard let windowScene = scene as? UIWindowScene else { return }
        Task {
            window = UIWindow(windowScene: windowScene)
            await registerContainer()
            let rootVC = await createMainViewController()
            window?.rootViewController = UINavigationController(rootViewController: rootVC)
            window?.makeKeyAndVisible()
        }
    }

    private func createMainViewController() async -> UIViewController {
        do {
            let mainViewModelFactory = try await DIContainer.shared.resolve(MainLoginViewModelFactory.self)
            return MainLoginViewController(viewModel: mainViewModelFactory.create())
        } catch let error as DIError {
            print(error.description)
        } catch {
            print(error.localizedDescription)
        }
        return UIViewController()
    }

    private func registerContainer() async {
        do {
            await registerRepository()
            try await registerUseCase()
            try await registerViewModelFactory()
        } catch {
            print(error.localizedDescription)
        }
    }

    private func registerRepository() async {
        await DIContainer.shared.register(UserLoginRepository.self, UserLoginRepositoryTest())
        await DIContainer.shared.register(UserLogoutRepository.self, UserLogoutRepositoryTest())
        await DIContainer.shared.register(BusStationRepository.self, BusStationRepositoryTest())
    }

    private func registerUseCase() async throws {
        let userLoginRepository = try await DIContainer.shared.resolve(UserLoginRepository.self)
        await DIContainer.shared.register(UserLoginUseCase.self,
                                          UserLoginUseCase(userLoginRepository: userLoginRepository))

        let userLogoutRepository = try await DIContainer.shared.resolve(UserLogoutRepository.self)
        await DIContainer.shared.register(UserLogoutUseCase.self,
                                          UserLogoutUseCase(userLogoutRepository: userLogoutRepository))

        let busStationRepository = try await DIContainer.shared.resolve(BusStationRepository.self)
        await DIContainer.shared.register(BusStationUseCase.self,
                                          BusStationUseCase(repository: busStationRepository))
    }

    private func registerViewModelFactory() async throws {
        let userLoginUseCase = try await DIContainer.shared.resolve(UserLoginUseCase.self)
        await DIContainer.shared.register(MainLoginViewModelFactory.self,
                                          MainLoginViewModelFactory(userLoginUseCase: userLoginUseCase))

        let userLogoutUseCase = try await DIContainer.shared.resolve(UserLogoutUseCase.self)
        let busStationUseCase = try await DIContainer.shared.resolve(BusStationUseCase.self)
        await DIContainer.shared.register(UserViewModelFactory.self,
                                          UserViewModelFactory(
                                            userLogoutUseCase: userLogoutUseCase,
                                            busStationUseCase: busStationUseCase
                                          ))
    }
}
