import { Global, Module } from '@nestjs/common';
import { CacheBus } from '../common/cache-bus';
import { FirebaseService } from './firebase.service';

/** The identity service and the cache-invalidation bus, available everywhere; AppModule registers the guards. */
@Global()
@Module({ providers: [FirebaseService, CacheBus], exports: [FirebaseService, CacheBus] })
export class AuthModule {}
