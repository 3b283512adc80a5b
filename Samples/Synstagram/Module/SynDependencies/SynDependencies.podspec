# Module layer: the interfaces scenes use to reach each other. Scenes depend on the
# subspec of the screen they open, never on the scene pod that implements it.
Pod::Spec.new do |s|
  s.name             = 'SynDependencies'
  s.version          = '1.0.5'
  s.summary          = 'Interfaces between Synstagram scenes.'
  s.homepage         = 'https://github.com/synstagram/SynDependencies'
  s.license          = { :type => 'MIT', :file => 'LICENSE' }
  s.author           = { 'Synstagram iOS' => 'ios@synstagram.dev' }
  s.source           = { :git => 'https://github.com/synstagram/SynDependencies.git', :tag => s.version.to_s }

  s.ios.deployment_target = '15.0'
  s.swift_version    = '5.9'
  s.default_subspec  = :none

  s.subspec 'Core' do |core|
    core.source_files = 'Sources/Core/**/*.swift'
  end

  s.subspec 'Login' do |login|
    login.source_files = 'Sources/Login/**/*.swift'
    login.dependency "#{s.name}/Core"
  end

  s.subspec 'AlbumList' do |album|
    album.source_files = 'Sources/AlbumList/**/*.swift'
    album.dependency "#{s.name}/Core"
  end
end
