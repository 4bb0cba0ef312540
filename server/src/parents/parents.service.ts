import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { Parent } from './entities/parent.entity';

/** The parents table: accounts recorded at signup, preferences, the Stripe customer. */
@Injectable()
export class ParentsService {
  private readonly known = new Set<string>();

  constructor(@InjectRepository(Parent) private readonly repo: Repository<Parent>) {}

  find(uid: string): Promise<Parent | null> {
    return this.repo.findOneBy({ uid });
  }

  findByEmail(email: string): Promise<Parent | null> {
    return this.repo.findOneBy({ email: email.trim().toLowerCase() });
  }

  findByStripeCustomer(customerId: string): Promise<Parent | null> {
    return this.repo.findOneBy({ stripeCustomerId: customerId });
  }

  async exists(uid: string): Promise<boolean> {
    if (this.known.has(uid)) return true;
    const found = await this.repo.existsBy({ uid });
    if (found) this.known.add(uid);
    return found;
  }

  /** Records a parent at signup (again at a repeated signup: the terms date is refreshed). */
  async register(uid: string, email: string): Promise<Parent> {
    const existing = await this.find(uid);
    const parent =
      existing ?? this.repo.create({ uid, emailNotifications: true, stripeCustomerId: null });
    parent.email = email.trim().toLowerCase();
    parent.acceptedTermsAt = new Date();
    const saved = await this.repo.save(parent);
    this.known.add(uid);
    return saved;
  }

  async setEmailNotifications(uid: string, value: boolean): Promise<Parent> {
    await this.repo.update({ uid }, { emailNotifications: value });
    return (await this.find(uid)) as Parent;
  }

  async setStripeCustomer(uid: string, customerId: string): Promise<void> {
    await this.repo.update({ uid }, { stripeCustomerId: customerId });
  }
}
